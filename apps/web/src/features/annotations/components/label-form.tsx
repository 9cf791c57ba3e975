import { Button, Group, Stack, TextInput } from '@mantine/core';
import { ANNOTATION_LIMITS } from '@spacecapture/shared/contracts/annotations';

/**
 * An annotation's label with its two buttons: saving a new annotation and changing a kept one's
 * label are the same small form, named and worded by the caller.
 */
export function LabelForm({
  name,
  label,
  error,
  onLabelChange,
  onSubmit,
  submitText,
  pending,
  secondaryText,
  onSecondary,
}: {
  name: string;
  label: string;
  error: string | null;
  onLabelChange: (label: string) => void;
  onSubmit: () => void;
  submitText: string;
  pending: boolean;
  secondaryText: string;
  onSecondary: () => void;
}) {
  return (
    <form
      aria-label={name}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap={6}>
        <TextInput
          label="Label"
          size="xs"
          maxLength={ANNOTATION_LIMITS.labelMax}
          value={label}
          error={error}
          onChange={(event) => onLabelChange(event.currentTarget.value)}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={pending}>
            {submitText}
          </Button>
          <Button size="xs" variant="default" onClick={onSecondary}>
            {secondaryText}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
