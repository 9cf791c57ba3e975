import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldMessages } from '../errors.ts';
import { ZCaptureRequest, ZContactMessageRequest, ZProviderApplication } from './public-forms.ts';

/** The messages of spec 000 §5, letter for letter (written out here, not imported). */
const SPEC = {
  name: 'Name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  spaceType: 'Please select a space type.',
  location: 'Location is required.',
  spaceSize: 'Please select a space size.',
  captureType: 'Please select what you need.',
  timeline: 'Please select a timeline.',
  terms: 'You must agree to the terms and conditions.',
  firstName: 'First name must be at least 2 characters.',
  lastName: 'Last name must be at least 2 characters.',
  companyName: 'Company name is required.',
  website: 'Please enter a valid URL.',
  regions: 'Please enter the regions you cover.',
  devices: 'Please select which devices you own.',
  experienceLevel: 'Please select your experience level.',
};

/** The per-field messages a schema gives for an input, as the API answers them. */
function messagesOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldMessages(result.error.issues);
}

const captureRequest = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  companyName: 'Analytical Engines Ltd',
  spaceType: 'commercial',
  location: 'London',
  spaceSize: 'medium',
  captureType: 'virtual-tour',
  timeline: 'standard',
  additionalInfo: 'Two floors, open plan.',
  terms: true,
};

const providerApplication = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  phone: '+1 555 0100',
  companyName: 'Hopper Scans',
  website: 'https://hopper.example.com',
  regions: 'New York, New Jersey',
  devices: 'pro',
  experienceLevel: 'advanced',
  additionalInfo: 'Museums mostly.',
  terms: true,
};

const contactMessage = {
  name: 'Alan Turing',
  email: 'alan@example.com',
  subject: 'Pricing',
  message: 'What does a 3-floor office cost?',
};

describe('ZCaptureRequest', () => {
  it('accepts a complete request', () => {
    // Where and when are optional (decision 140): left out, no windows and no access notes.
    expect(ZCaptureRequest.parse(captureRequest)).toEqual({
      ...captureRequest,
      preferredWindows: [],
      accessNotes: null,
    });
  });

  it('gives every required field its spec message when the form is empty', () => {
    expect(messagesOf(ZCaptureRequest, {})).toEqual({
      name: SPEC.name,
      email: SPEC.email,
      phone: SPEC.phone,
      spaceType: SPEC.spaceType,
      location: SPEC.location,
      spaceSize: SPEC.spaceSize,
      captureType: SPEC.captureType,
      timeline: SPEC.timeline,
      terms: SPEC.terms,
    });
  });

  it.each([
    ['name', 'A', SPEC.name],
    ['name', '  A  ', SPEC.name],
    ['email', 'ada-at-example.com', SPEC.email],
    ['email', 'ada@', SPEC.email],
    ['phone', '1234', SPEC.phone],
    ['phone', '  12  ', SPEC.phone],
    ['spaceType', '', SPEC.spaceType],
    ['spaceType', 'castle', SPEC.spaceType],
    ['location', 'L', SPEC.location],
    ['location', '   ', SPEC.location],
    ['spaceSize', '', SPEC.spaceSize],
    ['spaceSize', 'huge', SPEC.spaceSize],
    ['captureType', '', SPEC.captureType],
    ['captureType', 'hologram', SPEC.captureType],
    ['timeline', '', SPEC.timeline],
    ['timeline', 'yesterday', SPEC.timeline],
    ['terms', false, SPEC.terms],
    ['terms', 'true', SPEC.terms],
    ['terms', undefined, SPEC.terms],
  ])('refuses %s = %j with its spec message', (field, value, message) => {
    expect(messagesOf(ZCaptureRequest, { ...captureRequest, [field]: value })).toEqual({ [field]: message });
  });

  it.each([
    ['name', 42, SPEC.name],
    ['name', null, SPEC.name],
    ['email', ['ada@example.com'], SPEC.email],
    ['phone', 5551234, SPEC.phone],
    ['spaceType', 3, SPEC.spaceType],
    ['location', { city: 'London' }, SPEC.location],
    ['terms', 1, SPEC.terms],
  ])('refuses a value of the wrong type (%s = %j) with the field message', (field, value, message) => {
    expect(messagesOf(ZCaptureRequest, { ...captureRequest, [field]: value })).toEqual({ [field]: message });
  });

  it('accepts each enumeration value of the spec', () => {
    for (const spaceType of ['residential', 'commercial', 'retail', 'industrial', 'event', 'other']) {
      expect(ZCaptureRequest.safeParse({ ...captureRequest, spaceType }).success).toBe(true);
    }
    for (const spaceSize of ['small', 'medium', 'large', 'xlarge']) {
      expect(ZCaptureRequest.safeParse({ ...captureRequest, spaceSize }).success).toBe(true);
    }
    for (const captureType of ['3d-model', 'virtual-tour', 'point-cloud', 'floor-plan', 'digital-twin', 'all']) {
      expect(ZCaptureRequest.safeParse({ ...captureRequest, captureType }).success).toBe(true);
    }
    for (const timeline of ['urgent', 'standard', 'flexible', 'planning']) {
      expect(ZCaptureRequest.safeParse({ ...captureRequest, timeline }).success).toBe(true);
    }
  });

  it('trims text before checking and storing it', () => {
    const parsed = ZCaptureRequest.parse({
      ...captureRequest,
      name: '  Ada Lovelace ',
      email: ' ada@example.com  ',
      phone: ' 12345 ',
      location: '\tLondon\n',
      companyName: '  Engines  ',
      additionalInfo: '  Two floors.  ',
    });
    expect(parsed).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '12345',
      location: 'London',
      companyName: 'Engines',
      additionalInfo: 'Two floors.',
    });
  });

  it.each([undefined, null, '', '   '])('turns an optional field given as %j into null', (value) => {
    const parsed = ZCaptureRequest.parse({ ...captureRequest, companyName: value, additionalInfo: value });
    expect(parsed.companyName).toBeNull();
    expect(parsed.additionalInfo).toBeNull();
  });

  it('refuses text longer than its bound', () => {
    expect(messagesOf(ZCaptureRequest, { ...captureRequest, name: 'a'.repeat(121) })).toEqual({
      name: 'Must be at most 120 characters.',
    });
    expect(ZCaptureRequest.safeParse({ ...captureRequest, name: 'a'.repeat(120) }).success).toBe(true);
    expect(Object.keys(messagesOf(ZCaptureRequest, { ...captureRequest, phone: '1'.repeat(41) }))).toEqual(['phone']);
    expect(Object.keys(messagesOf(ZCaptureRequest, { ...captureRequest, location: 'x'.repeat(201) }))).toEqual([
      'location',
    ]);
    expect(Object.keys(messagesOf(ZCaptureRequest, { ...captureRequest, companyName: 'x'.repeat(201) }))).toEqual([
      'companyName',
    ]);
    expect(Object.keys(messagesOf(ZCaptureRequest, { ...captureRequest, additionalInfo: 'x'.repeat(5001) }))).toEqual([
      'additionalInfo',
    ]);
    expect(ZCaptureRequest.safeParse({ ...captureRequest, additionalInfo: 'x'.repeat(5000) }).success).toBe(true);
    const longEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
    expect(longEmail.length).toBeGreaterThan(254);
    expect(Object.keys(messagesOf(ZCaptureRequest, { ...captureRequest, email: longEmail }))).toEqual(['email']);
  });

  it('keeps a filled honeypot so the server can drop the submission', () => {
    expect(ZCaptureRequest.parse({ ...captureRequest, website: 'http://spam.example' }).website).toBe(
      'http://spam.example',
    );
  });
});

describe('ZProviderApplication', () => {
  it('accepts a complete application', () => {
    expect(ZProviderApplication.parse(providerApplication)).toEqual({ ...providerApplication });
  });

  it('gives every required field its spec message when the form is empty', () => {
    expect(messagesOf(ZProviderApplication, {})).toEqual({
      firstName: SPEC.firstName,
      lastName: SPEC.lastName,
      email: SPEC.email,
      phone: SPEC.phone,
      companyName: SPEC.companyName,
      regions: SPEC.regions,
      devices: SPEC.devices,
      experienceLevel: SPEC.experienceLevel,
      terms: SPEC.terms,
    });
  });

  it.each([
    ['firstName', 'G', SPEC.firstName],
    ['lastName', ' H ', SPEC.lastName],
    ['email', 'grace', SPEC.email],
    ['phone', '555', SPEC.phone],
    ['companyName', 'H', SPEC.companyName],
    ['companyName', '', SPEC.companyName],
    ['website', 'not a url', SPEC.website],
    ['website', 'hopper.example.com', SPEC.website],
    ['website', 'ftp://hopper.example.com', SPEC.website],
    ['website', 'javascript:alert(1)', SPEC.website],
    ['regions', 'N', SPEC.regions],
    ['devices', '', SPEC.devices],
    ['devices', 'camera', SPEC.devices],
    ['experienceLevel', '', SPEC.experienceLevel],
    ['experienceLevel', 'wizard', SPEC.experienceLevel],
    ['terms', false, SPEC.terms],
    ['terms', null, SPEC.terms],
  ])('refuses %s = %j with its spec message', (field, value, message) => {
    expect(messagesOf(ZProviderApplication, { ...providerApplication, [field]: value })).toEqual({ [field]: message });
  });

  it.each(['https://hopper.example.com', 'http://www.hopper.example/portfolio?x=1', '  https://hopper.example.com  '])(
    'accepts the website %j',
    (website) => {
      expect(ZProviderApplication.parse({ ...providerApplication, website }).website).toBe(website.trim());
    },
  );

  it.each([undefined, null, '', '  '])('allows an empty website (%j) and keeps it as null', (website) => {
    expect(ZProviderApplication.parse({ ...providerApplication, website }).website).toBeNull();
  });

  it('accepts each device and experience level of the spec', () => {
    for (const devices of ['none', 'pro', 'minion', 'meta', 'mega', 'multiple']) {
      expect(ZProviderApplication.safeParse({ ...providerApplication, devices }).success).toBe(true);
    }
    for (const experienceLevel of ['beginner', 'intermediate', 'advanced', 'expert']) {
      expect(ZProviderApplication.safeParse({ ...providerApplication, experienceLevel }).success).toBe(true);
    }
  });

  it('trims text and turns empty optional text into null', () => {
    const parsed = ZProviderApplication.parse({
      ...providerApplication,
      firstName: ' Grace ',
      companyName: '  Hopper Scans ',
      regions: ' NY ',
      additionalInfo: '   ',
    });
    expect(parsed).toMatchObject({
      firstName: 'Grace',
      companyName: 'Hopper Scans',
      regions: 'NY',
      additionalInfo: null,
    });
  });

  it('refuses text longer than its bound', () => {
    for (const [field, length] of [
      ['firstName', 121],
      ['lastName', 121],
      ['companyName', 201],
      ['regions', 201],
      ['additionalInfo', 5001],
    ] as const) {
      expect(messagesOf(ZProviderApplication, { ...providerApplication, [field]: 'x'.repeat(length) })).toEqual({
        [field]: `Must be at most ${length - 1} characters.`,
      });
    }
    const longUrl = `https://hopper.example.com/${'p'.repeat(480)}`;
    expect(Object.keys(messagesOf(ZProviderApplication, { ...providerApplication, website: longUrl }))).toEqual([
      'website',
    ]);
  });
});

describe('ZContactMessageRequest', () => {
  it('accepts a complete message', () => {
    expect(ZContactMessageRequest.parse(contactMessage)).toEqual(contactMessage);
  });

  it('requires each of name, email, subject and message', () => {
    expect(messagesOf(ZContactMessageRequest, {})).toEqual({
      name: 'This field is required.',
      email: SPEC.email,
      subject: 'This field is required.',
      message: 'This field is required.',
    });
    expect(messagesOf(ZContactMessageRequest, { name: ' ', email: ' ', subject: '', message: '\n' })).toEqual({
      name: 'This field is required.',
      email: SPEC.email,
      subject: 'This field is required.',
      message: 'This field is required.',
    });
  });

  it('trims and bounds every field', () => {
    expect(ZContactMessageRequest.parse({ ...contactMessage, name: ' Alan ', subject: ' Hi ' })).toMatchObject({
      name: 'Alan',
      subject: 'Hi',
    });
    expect(
      Object.keys(
        messagesOf(ZContactMessageRequest, {
          name: 'x'.repeat(121),
          email: contactMessage.email,
          subject: 'x'.repeat(201),
          message: 'x'.repeat(5001),
        }),
      ),
    ).toEqual(['name', 'subject', 'message']);
  });
});
