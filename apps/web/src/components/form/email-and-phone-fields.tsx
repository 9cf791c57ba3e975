import { TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

type TContactField = { registration: UseFormRegisterReturn; error?: string | undefined };

/** The required Email and Phone of a public form's contact part, as the spec words and fills them. */
export function EmailAndPhoneFields({ email, phone }: { email: TContactField; phone: TContactField }) {
  return (
    <>
      <TextInput
        label="Email"
        type="email"
        placeholder="you@example.com"
        autoComplete="email"
        withAsterisk
        error={email.error}
        {...email.registration}
      />
      <TextInput
        label="Phone"
        type="tel"
        placeholder="+1 (555) 123-4567"
        autoComplete="tel"
        withAsterisk
        error={phone.error}
        {...phone.registration}
      />
    </>
  );
}
