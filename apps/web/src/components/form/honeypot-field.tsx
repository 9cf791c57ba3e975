import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './honeypot-field.module.css';

type THoneypotFieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
};

/** A trap for bots: invisible to people and skipped by keyboard and screen readers. */
export function HoneypotField({ label, registration }: THoneypotFieldProps) {
  const id = useId();
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...registration} />
    </div>
  );
}
