import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedText, emailField, optionalText, TEXT_MESSAGES } from './fields.ts';

function messagesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('text fields from outside', () => {
  it('trim and bound the text', () => {
    expect(boundedText(10).parse('  Ada  ')).toBe('Ada');
    expect(messagesOf(boundedText(3), 'abcd')).toEqual(['Must be at most 3 characters.']);
    expect(messagesOf(boundedText(50, { min: 2, message: 'too short' }), ' A ')).toEqual(['too short']);
    expect(messagesOf(boundedText(50, { min: 2, message: 'too short' }), undefined)).toEqual(['too short']);
  });

  it('refuse NUL and other control characters instead of removing them', () => {
    for (const value of ['Ab\u0000c', 'bell\u0007', 'esc\u001B[0m', 'del\u007F', 'c1\u0085', 'vt\u000Bff\u000C']) {
      expect(messagesOf(boundedText(50), value), JSON.stringify(value)).toEqual([TEXT_MESSAGES.singleLine]);
      expect(messagesOf(boundedText(50, { multiline: true }), value), JSON.stringify(value)).toEqual([
        TEXT_MESSAGES.multiLine,
      ]);
    }
    expect(messagesOf(optionalText(50), 'a\u0000')).toEqual([TEXT_MESSAGES.singleLine]);
    expect(messagesOf(emailField('bad'), 'jo\u0000@example.com')).toEqual([TEXT_MESSAGES.singleLine]);
  });

  it('keep tabs in every field, and line breaks only in multi-line fields', () => {
    expect(boundedText(50).parse('Ada\tLovelace')).toBe('Ada\tLovelace');
    expect(messagesOf(boundedText(50), 'line one\nline two')).toEqual([TEXT_MESSAGES.singleLine]);
    expect(messagesOf(boundedText(50), 'line one\rline two')).toEqual([TEXT_MESSAGES.singleLine]);
    const message = boundedText(50, { multiline: true });
    expect(message.parse('line one\r\nline\ttwo\n')).toBe('line one\r\nline\ttwo');
    expect(optionalText(50, { multiline: true }).parse('a\nb')).toBe('a\nb');
  });

  it('a trailing line break pasted into a one-line field is trimmed, not refused', () => {
    expect(boundedText(50).parse('Ada\n')).toBe('Ada');
  });

  it('name the refusal on the field it concerns', () => {
    const form = z.object({ name: boundedText(50), note: boundedText(50, { multiline: true }) });
    const result = form.safeParse({ name: 'Ada\u0000', note: 'fine\nnote' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['name']]);
  });

  it('tell the JSON Schema of the API the bound and the refused characters', () => {
    const schema = z.toJSONSchema(boundedText(50), { io: 'input' }) as { maxLength?: number; pattern?: string };
    expect(schema.maxLength).toBe(50);
    expect(new RegExp(schema.pattern ?? '').test('a\u0000b')).toBe(false);
    expect(new RegExp(schema.pattern ?? '').test('Ada Lovelace')).toBe(true);
  });
});
