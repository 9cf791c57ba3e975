import { useCallback, useEffect, useRef } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/** A random UUID v4; falls back to getRandomValues where randomUUID is missing (plain-HTTP origins). */
export function createIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per submission attempt: created on the first submit, kept for retries of the same values,
 * dropped after a success or when the person edits the form (then it is a new attempt).
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => {
    key.current ??= createIdempotencyKey();
    return key.current;
  }, []);
  const reset = useCallback(() => {
    key.current = null;
  }, []);
  return { current, reset };
}

/**
 * The key of a form's submission attempt: kept while a submit is retried with the same values, and
 * a new one once any value changes (a changed request is a new attempt, not a retry).
 */
export function useFormAttemptKey<TValues extends FieldValues>(watch: UseFormWatch<TValues>) {
  const key = useIdempotencyKey();
  useEffect(() => {
    const subscription = watch(() => key.reset());
    return () => subscription.unsubscribe();
  }, [watch, key.reset]);
  return key;
}
