import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

type TEditableListFormProps = {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: string;
  description: ReactNode;
  /** Shown when the list has no row. */
  emptyText: string;
  /** One key per row (react-hook-form's field ids), in order. */
  rowKeys: string[];
  /** Each row's fieldset is named "<rowName> <n>", counted from 1. */
  rowName: string;
  renderRow: (index: number) => ReactNode;
  /** A refusal that belongs to the list, not to one row (a duplicate, the count). */
  listError?: string;
  addLabel: string;
  onAdd: () => void;
  addDisabled?: boolean;
  saveLabel: string;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
};

/**
 * An admin settings list edited as a whole and saved at once (tax rates, tour hosts): a titled
 * section holding one fieldset per row, the list's own error, and the Add and Save buttons.
 */
export function EditableListForm(props: TEditableListFormProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={props.id}>
      <form onSubmit={props.onSubmit} noValidate aria-label={props.title}>
        <Stack gap="md">
          <Title order={2} fz={22} id={props.id}>
            {props.title}
          </Title>
          <Text size="sm" c="dimmed">
            {props.description}
          </Text>
          {props.rowKeys.length === 0 ? <Text size="sm">{props.emptyText}</Text> : null}
          {props.rowKeys.map((key, index) => (
            <Paper
              key={key}
              withBorder
              radius="md"
              p="sm"
              component="fieldset"
              aria-label={`${props.rowName} ${index + 1}`}
            >
              {props.renderRow(index)}
            </Paper>
          ))}
          {props.listError ? (
            <Text size="sm" role="status" c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))">
              {props.listError}
            </Text>
          ) : null}
          <Group>
            <Button variant="default" onClick={props.onAdd} disabled={props.addDisabled}>
              {props.addLabel}
            </Button>
            <Button type="submit" loading={props.saving}>
              {props.saveLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** A checkbox bound to a boolean field of a react-hook-form form. */
export function CheckboxField<TFields extends FieldValues, TSubmitted extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<TFields, unknown, TSubmitted>;
  name: FieldPath<TFields>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={label}
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
