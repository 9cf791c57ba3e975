import { Anchor, Button, Checkbox, Loader, Text } from '@mantine/core';
import { PATHS } from '@spacecapture/shared/paths';
import type { UseFormRegisterReturn } from 'react-hook-form';

type TTermsAndSubmitProps = {
  termsRegistration: UseFormRegisterReturn;
  termsError: string | undefined;
  isSubmitting: boolean;
  /** The button's label when idle; while submitting it reads "Submitting..." (spec 000 §4). */
  submitLabel: string;
};

/** The end of the request and application forms: the terms checkbox with its links, and submit. */
export function TermsAndSubmit({ termsRegistration, termsError, isSubmitting, submitLabel }: TTermsAndSubmitProps) {
  return (
    <>
      <Checkbox
        label={
          <Text component="span" size="sm">
            I agree to the{' '}
            <Anchor href={PATHS.terms} target="_blank" rel="noopener noreferrer" inherit>
              Terms of Service
            </Anchor>{' '}
            and{' '}
            <Anchor href={PATHS.privacy} target="_blank" rel="noopener noreferrer" inherit>
              Privacy Policy
            </Anchor>
            .
          </Text>
        }
        error={termsError}
        {...termsRegistration}
      />

      <Button
        type="submit"
        size="md"
        disabled={isSubmitting}
        leftSection={isSubmitting ? <Loader size={16} color="currentColor" /> : null}
      >
        {isSubmitting ? 'Submitting...' : submitLabel}
      </Button>
    </>
  );
}
