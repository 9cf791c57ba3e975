import { PasswordInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

type TPasswordField = { registration: UseFormRegisterReturn; error?: string | undefined };

type TNewPasswordFieldsProps = {
  password: TPasswordField;
  confirm: TPasswordField;
  /** "Password" where an account is made, "New Password" where one is replaced. */
  passwordLabel?: string;
  confirmLabel?: string;
};

/**
 * A new password typed twice, as every form that sets one asks it: the browser offers to generate
 * and save it (new-password), and a mismatch is announced as soon as it shows.
 */
export function NewPasswordFields({
  password,
  confirm,
  passwordLabel = 'Password',
  confirmLabel = 'Confirm Password',
}: TNewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        autoComplete="new-password"
        required
        error={password.error}
        {...password.registration}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        required
        error={confirm.error}
        errorProps={{ role: 'alert' }}
        {...confirm.registration}
      />
    </>
  );
}
