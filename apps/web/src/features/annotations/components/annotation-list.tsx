import { Button, Group, Modal, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  ANNOTATION_MESSAGES,
  type TAnnotation,
  type TAnnotationList,
} from '@spacecapture/shared/contracts/annotations';
import { formatDateTime } from '@spacecapture/shared/format';
import { MEASUREMENT_LABELS } from '@spacecapture/shared/measurement';
import type { TPortal } from '@spacecapture/shared/roles';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { apiFieldErrors } from '../../../lib/field-errors.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useDeleteAnnotation } from '../api/delete-annotation.ts';
import { useUpdateAnnotation } from '../api/update-annotation.ts';
import { LabelForm } from './label-form.tsx';

/** The label field of an annotation being changed, saved or left as it was. */
function EditLabel({
  portal,
  fileId,
  annotation,
  onDone,
}: {
  portal: TPortal;
  fileId: string;
  annotation: TAnnotation;
  onDone: () => void;
}) {
  const update = useUpdateAnnotation(portal, fileId);
  const [label, setLabel] = useState(annotation.label);
  const [error, setError] = useState<string | null>(null);
  return (
    <LabelForm
      name={`Change ${annotation.label}`}
      label={label}
      error={error}
      onLabelChange={(next) => {
        setLabel(next);
        setError(null);
      }}
      onSubmit={() => {
        if (!label.trim()) {
          setError(ANNOTATION_MESSAGES.labelRequired);
          return;
        }
        update.mutateAsync({ id: annotation.id, label }).then(onDone, (failure: unknown) => {
          const fields = apiFieldErrors(failure);
          if (fields.label) setError(fields.label);
          else notifyError({ title: 'The label was not changed', message: errorMessage(failure, NETWORK_FALLBACK) });
        });
      }}
      submitText="Save label"
      pending={update.isPending}
      secondaryText="Cancel"
      onSecondary={onDone}
    />
  );
}

/**
 * The file's annotations beside the view, oldest first: each names its label, its figure, who wrote
 * it and when; a click flies the camera to it. Its author changes the label or removes it; an
 * admin may remove it.
 */
export function AnnotationList({
  portal,
  fileId,
  query,
  figureOf,
  focusedId,
  onGoTo,
}: {
  portal: TPortal;
  fileId: string;
  query: UseQueryResult<TAnnotationList>;
  figureOf: (annotation: TAnnotation) => string | null;
  focusedId: string | null;
  onGoTo: (annotation: TAnnotation) => void;
}) {
  const remove = useDeleteAnnotation(portal, fileId);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TAnnotation | null>(null);

  let body: React.ReactNode;
  if (query.isPending) body = <Text size="sm">Loading annotations…</Text>;
  else if (query.isError)
    body = <QueryError error={query.error} onRetry={() => void query.refetch()} what="the annotations" />;
  else if (query.data.annotations.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No annotations yet. Pick a tool above, then click the cloud.
      </Text>
    );
  } else {
    body = (
      <Stack component="ul" gap={6} p={0} m={0} aria-label="Annotations" style={{ listStyle: 'none' }}>
        {query.data.annotations.map((annotation) => {
          const figure = figureOf(annotation);
          const kind = annotation.measurement ? MEASUREMENT_LABELS[annotation.measurement.kind] : 'Note';
          return (
            <Paper
              component="li"
              key={annotation.id}
              withBorder
              p={6}
              radius="sm"
              aria-label={annotation.label}
              aria-current={annotation.id === focusedId ? 'true' : undefined}
              bg={annotation.id === focusedId ? 'var(--mantine-color-orange-light)' : undefined}
            >
              {editing === annotation.id ? (
                <EditLabel portal={portal} fileId={fileId} annotation={annotation} onDone={() => setEditing(null)} />
              ) : (
                <Stack gap={2}>
                  <UnstyledButton onClick={() => onGoTo(annotation)} aria-label={`Go to ${annotation.label}`}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {annotation.label}
                    </Text>
                    <Text size="sm" data-testid="annotation-figure">
                      {figure ? `${kind}: ${figure}` : kind}
                    </Text>
                  </UnstyledButton>
                  <Text size="xs" c="dimmed">
                    {annotation.author?.name ?? 'Former member'} · {formatDateTime(annotation.createdAt)}
                  </Text>
                  {annotation.canEdit || annotation.canDelete ? (
                    <Group gap={4}>
                      {annotation.canEdit ? (
                        <Button size="compact-xs" variant="subtle" onClick={() => setEditing(annotation.id)}>
                          Change label
                        </Button>
                      ) : null}
                      {annotation.canDelete ? (
                        <Button size="compact-xs" variant="subtle" color="red" onClick={() => setRemoving(annotation)}>
                          Remove
                        </Button>
                      ) : null}
                    </Group>
                  ) : null}
                </Stack>
              )}
            </Paper>
          );
        })}
      </Stack>
    );
  }

  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        Annotations
      </Title>
      {body}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove this annotation?" centered>
        <Stack gap="md">
          <Text size="sm">“{removing?.label}” will no longer be shown on this file, for anyone on the order.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => {
                if (!removing) return;
                remove.mutateAsync(removing.id).then(
                  () => setRemoving(null),
                  (failure: unknown) =>
                    notifyError({
                      title: 'The annotation was not removed',
                      message: errorMessage(failure, NETWORK_FALLBACK),
                    }),
                );
              }}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
