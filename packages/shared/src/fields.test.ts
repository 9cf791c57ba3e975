import { describe, expect, it } from 'vitest';
import { boundedText, emailField, optionalText } from './fields.ts';

describe('text fields from outside', () => {
  it('drop invisible control characters such as NUL but keep tabs and line breaks', () => {
    expect(boundedText(50).parse('Ab\u0000c\u0007')).toBe('Abc');
    expect(optionalText(50).parse('line one\nline\ttwo\u0000')).toBe('line one\nline\ttwo');
    expect(emailField('bad').parse('jo\u0000@example.com')).toBe('jo@example.com');
  });

  it('count the minimum after removing them', () => {
    const name = boundedText(50, { min: 2, message: 'too short' });
    expect(name.safeParse('A\u0000').success).toBe(false);
  });
});
