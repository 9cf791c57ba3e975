import { List, Stack, Text } from '@mantine/core';
import { CHECK_STATE_LABELS, type TFileCheck } from '@spacecapture/shared/contracts/quality-checks';

const RED = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))';
const ORANGE = 'light-dark(var(--mantine-color-orange-9), var(--mantine-color-orange-3))';
const GREEN = 'light-dark(var(--mantine-color-green-9), var(--mantine-color-green-3))';

const whole = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 0 });

/** The facts a check found, in a short line: "120,000 points · 52 points/m² · no coordinate system". */
export function checkFactsLine(facts: TFileCheck['facts']): string {
  const parts: string[] = [];
  const number = (key: string) => (typeof facts[key] === 'number' ? (facts[key] as number) : null);
  const points = number('points');
  if (points !== null) parts.push(`${whole(points)} points`);
  const density = number('densityPerM2');
  if (density !== null) parts.push(`${density.toLocaleString('en-US', { maximumFractionDigits: 1 })} points/m²`);
  if ('coordinateSystem' in facts) {
    parts.push(
      facts.coordinateSystem
        ? `coordinate system ${facts.units ? `in ${String(facts.units).replaceAll('_', ' ')}s` : 'with unknown units'}`
        : 'no coordinate system',
    );
  }
  const pages = number('pages');
  if (pages !== null) parts.push(pages === 1 ? '1 page' : `${whole(pages)} pages`);
  const width = number('width');
  const height = number('height');
  if (width !== null && height !== null) parts.push(`${whole(width)} × ${whole(height)} px`);
  const duration = number('durationSeconds');
  if (duration !== null) {
    const minutes = Math.floor(duration / 60);
    const seconds = Math.round(duration % 60);
    parts.push(`${minutes}:${String(seconds).padStart(2, '0')} long`);
  }
  const meshes = number('meshes');
  if (meshes !== null) parts.push(meshes === 1 ? '1 mesh' : `${whole(meshes)} meshes`);
  return parts.join(' · ');
}

/**
 * A file's quality check under its name (decision 236): its state, the failures that block Mark
 * delivered, the warnings that do not, the facts found, and an admin's override with its reason.
 */
export function FileCheckStatus({ check }: { check: TFileCheck }) {
  const pending = check.state === 'pending' || check.state === 'checking';
  const colour =
    check.state === 'failed' ? RED : check.state === 'warned' ? ORANGE : check.state === 'passed' ? GREEN : undefined;
  const facts = checkFactsLine(check.facts);
  return (
    <Stack gap={0} role="status" aria-label="Quality check">
      <Text span size="xs" fw={600} c={colour ?? 'dimmed'}>
        {CHECK_STATE_LABELS[check.state]}
        {facts && !pending ? <Text span size="xs" fw={400} c="dimmed">{` · ${facts}`}</Text> : null}
      </Text>
      {check.failures.length > 0 ? (
        <List size="xs" spacing={0} c={RED}>
          {check.failures.map((failure) => (
            <List.Item key={failure.code}>{failure.message}</List.Item>
          ))}
        </List>
      ) : null}
      {check.warnings.length > 0 ? (
        <List size="xs" spacing={0} c={ORANGE}>
          {check.warnings.map((warning) => (
            <List.Item key={warning.code}>{warning.message}</List.Item>
          ))}
        </List>
      ) : null}
      {check.override ? (
        <Text span size="xs">
          Let through by an admin: {check.override.reason}
        </Text>
      ) : null}
    </Stack>
  );
}
