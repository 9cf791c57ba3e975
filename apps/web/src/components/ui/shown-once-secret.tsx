import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';

type TShownOnceSecretProps = {
  title: string;
  /** Why it is shown now: it cannot be read again later. */
  message: string;
  value: string;
  /** Names the field for assistive technology ("New API key"). */
  label: string;
  copyLabel: string;
  doneLabel: string;
  onDone: () => void;
};

/**
 * A secret the server keeps only as a hash (an API key, a share link), shown once after it is made:
 * selected on focus, with a copy button, until the user says they are done with it.
 */
export function ShownOnceSecret({ title, message, value, label, copyLabel, doneLabel, onDone }: TShownOnceSecretProps) {
  return (
    <Alert color="yellow" title={title} role="status">
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        <TextInput readOnly value={value} aria-label={label} onFocus={(event) => event.currentTarget.select()} />
        <Group gap="sm">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : copyLabel}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {doneLabel}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
