import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useFieldArray, useFormContext } from 'react-hook-form';

/** One preferred window as the form holds it: a day and hours at the place, as typed. */
export type TWindowRow = { date: string; from: string; to: string };
type TWithWindows = { preferredWindows: TWindowRow[] };

/** The most windows a request takes (the contract's limit). */
const MAX_WINDOWS = 5;

export const EMPTY_WINDOW: TWindowRow = { date: '', from: '', to: '' };

/**
 * Preferred days and hours (decision 140), inside a react-hook-form FormProvider whose values have
 * `preferredWindows`. The first row is always there, so a form posted without script can send
 * one; a row left empty is not sent. Inputs are named `preferredWindows.N.part`, as a plain post
 * reads them.
 */
export function PreferredWindowsField({ timeZone }: { timeZone: string | null }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<TWithWindows>();
  const { fields, append, remove } = useFieldArray({ control, name: 'preferredWindows' });
  const rowErrors = errors.preferredWindows;

  return (
    <Stack gap="xs">
      <div>
        <Text fw={500} size="sm">
          Preferred Dates and Times (Optional)
        </Text>
        <Text size="xs" c="dimmed">
          {timeZone ? `Times at the place (${timeZone}).` : 'Times at the place. Up to 5 windows.'}
        </Text>
      </div>
      {fields.map((field, index) => (
        <Group key={field.id} gap="sm" align="flex-start" wrap="wrap" data-testid="preferred-window">
          <TextInput
            type="date"
            label={`Date ${index + 1}`}
            error={rowErrors?.[index]?.date?.message}
            {...register(`preferredWindows.${index}.date`)}
          />
          <TextInput
            type="time"
            label="From"
            error={rowErrors?.[index]?.from?.message}
            {...register(`preferredWindows.${index}.from`)}
          />
          <TextInput
            type="time"
            label="Until"
            error={rowErrors?.[index]?.to?.message}
            {...register(`preferredWindows.${index}.to`)}
          />
          {index > 0 ? (
            <Button
              variant="subtle"
              color="red"
              mt={24}
              onClick={() => remove(index)}
              aria-label={`Remove window ${index + 1}`}
            >
              Remove
            </Button>
          ) : null}
        </Group>
      ))}
      {rowErrors?.message ? (
        <Text size="xs" c="red">
          {rowErrors.message}
        </Text>
      ) : null}
      {fields.length < MAX_WINDOWS ? (
        <Group>
          <Button variant="light" size="xs" onClick={() => append(EMPTY_WINDOW)}>
            Add another window
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
