import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ANNOTATION_MESSAGES, type TAnnotation } from '@spacecapture/shared/contracts/annotations';
import {
  formatMeasurement,
  MEASUREMENT_LABELS,
  measurementValue,
  type TMeasurementKind,
  type TPoint3,
} from '@spacecapture/shared/measurement';
import type { TPortal } from '@spacecapture/shared/roles';
import { useEffect, useState } from 'react';
import type { TCloudView } from '../../../lib/cloud-view.ts';
import { apiFieldErrors } from '../../../lib/field-errors.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useCreateAnnotation } from '../api/create-annotation.ts';
import { annotationsPath, useAnnotations } from '../api/get-annotations.ts';
import {
  addPick,
  isComplete,
  labelPosition,
  nextStep,
  type TAnnotationTool,
  TOOL_BUTTONS,
} from '../lib/measure-tool.ts';
import { AnnotationList } from './annotation-list.tsx';
import { AnnotationOverlay, type TOverlayMark } from './annotation-overlay.tsx';
import { LabelForm } from './label-form.tsx';

const TOOLS: readonly TAnnotationTool[] = ['distance', 'area', 'height', 'note'];

/** A saved annotation's text over the view: its label, then its figure. */
export function annotationText(annotation: TAnnotation, figure: string | null): string {
  return figure ? `${annotation.label} · ${figure}` : annotation.label;
}

/**
 * Measure and annotate a point cloud (decision 240): Distance, Area and Height from picked points,
 * or a Note at a point, shown in the order's unit system (metres or feet) from the file's own
 * units; saved as an annotation the order's people see. Beside the view: the tools, the list
 * (a click flies to the annotation) and the exports; over it, the labels and outlines.
 */
export function AnnotationLayer({ portal, fileId, view }: { portal: TPortal; fileId: string; view: TCloudView }) {
  const annotations = useAnnotations(portal, fileId);
  const create = useCreateAnnotation(portal, fileId);
  const [tool, setTool] = useState<TAnnotationTool | null>(null);
  const [picked, setPicked] = useState<TPoint3[]>([]);
  const [label, setLabel] = useState('');
  const [labelError, setLabelError] = useState<string | null>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);

  // While a tool is on, a click on the cloud adds a point to it (not a comment pin).
  useEffect(() => {
    if (!tool) return;
    view.setPickHandler((point) => setPicked((previous) => addPick(tool, previous, point)));
    return () => view.setPickHandler(null);
  }, [tool, view]);

  const data = annotations.data;
  const figureOf = (kind: TMeasurementKind, value: number) =>
    data ? formatMeasurement(kind, value, data.file.units, data.unitSystem) : null;

  const draftValue = tool && tool !== 'note' ? measurementValue(tool, picked) : null;
  const draftFigure = tool && tool !== 'note' && draftValue !== null ? figureOf(tool, draftValue) : null;
  const complete = tool !== null && isComplete(tool, picked);

  const chooseTool = (next: TAnnotationTool) => {
    setTool(tool === next ? null : next);
    setPicked([]);
    setLabelError(null);
  };

  const save = () => {
    if (!tool || !complete) return;
    if (!label.trim()) {
      setLabelError(ANNOTATION_MESSAGES.labelRequired);
      return;
    }
    create
      .mutateAsync({
        position: labelPosition(tool, picked),
        label,
        measurement: tool === 'note' ? null : { kind: tool, points: picked },
      })
      .then(
        (saved) => {
          setPicked([]);
          setLabel('');
          setTool(null);
          setFocusedId(saved.id);
        },
        (error: unknown) => {
          const fields = apiFieldErrors(error);
          if (fields.label) setLabelError(fields.label);
          else notifyError({ title: 'The annotation was not saved', message: errorMessage(error, NETWORK_FALLBACK) });
        },
      );
  };

  const marks: TOverlayMark[] = (data?.annotations ?? []).map((annotation) => ({
    id: annotation.id,
    position: annotation.position,
    text: annotationText(
      annotation,
      annotation.measurement ? figureOf(annotation.measurement.kind, annotation.measurement.value) : null,
    ),
    outline: annotation.measurement
      ? { points: annotation.measurement.points, closed: annotation.measurement.kind === 'area' }
      : null,
    tone: annotation.id === focusedId ? 'focused' : 'saved',
  }));
  if (tool && picked.length > 0) {
    marks.push({
      id: 'draft',
      position: labelPosition(tool, picked),
      text: draftFigure ?? (tool === 'note' ? 'Note' : MEASUREMENT_LABELS[tool]),
      outline: tool === 'note' ? null : { points: picked, closed: tool === 'area' },
      tone: 'draft',
    });
  }

  const system = data?.unitSystem === 'imperial' ? 'feet' : 'metres';
  const fileUnits = data
    ? data.file.unitsStated
      ? `The file's coordinates are in ${data.file.units === 'metre' ? 'metres' : data.file.units === 'foot' ? 'feet' : 'US survey feet'}.`
      : 'The file names no unit: its coordinates are taken as metres.'
    : null;

  return (
    <Stack gap="sm" aria-label="Measure and annotate" role="region">
      <AnnotationOverlay view={view} marks={marks} />
      <Paper withBorder p="sm" radius="sm">
        <Stack gap="xs">
          <Title order={3} size="h5">
            Measure and annotate
          </Title>
          <Group gap={6} wrap="wrap">
            {TOOLS.map((candidate) => (
              <Button
                key={candidate}
                size="xs"
                variant={tool === candidate ? 'filled' : 'light'}
                aria-pressed={tool === candidate}
                disabled={!view.ready || !data}
                onClick={() => chooseTool(candidate)}
              >
                {TOOL_BUTTONS[candidate]}
              </Button>
            ))}
          </Group>
          {data ? (
            <Text size="xs" c="dimmed">
              Figures in {system}, {portal === 'customer' ? 'your' : "the customer's"} organisation's setting.{' '}
              {fileUnits}
            </Text>
          ) : null}
          {tool ? (
            <>
              <Text size="sm" role="status" aria-label="Measurement">
                {draftFigure && tool !== 'note'
                  ? `${MEASUREMENT_LABELS[tool]}: ${draftFigure}`
                  : nextStep(tool, picked)}
              </Text>
              {draftFigure ? (
                <Text size="xs" c="dimmed">
                  {nextStep(tool, picked)}
                </Text>
              ) : null}
              {complete ? (
                <LabelForm
                  name="Save as annotation"
                  label={label}
                  error={labelError}
                  onLabelChange={(next) => {
                    setLabel(next);
                    setLabelError(null);
                  }}
                  onSubmit={save}
                  submitText="Save annotation"
                  pending={create.isPending}
                  secondaryText="Clear points"
                  onSecondary={() => setPicked([])}
                />
              ) : null}
            </>
          ) : null}
        </Stack>
      </Paper>
      <AnnotationList
        portal={portal}
        fileId={fileId}
        query={annotations}
        figureOf={(annotation) =>
          annotation.measurement ? figureOf(annotation.measurement.kind, annotation.measurement.value) : null
        }
        focusedId={focusedId}
        onGoTo={(annotation) => {
          setFocusedId(annotation.id);
          view.flyTo(annotation.position);
        }}
      />
      <Group gap="md">
        <Anchor size="sm" href={annotationsPath(portal, fileId, '.csv')} download>
          Export CSV
        </Anchor>
        <Anchor size="sm" href={annotationsPath(portal, fileId, '.json')} download>
          Export JSON
        </Anchor>
      </Group>
    </Stack>
  );
}
