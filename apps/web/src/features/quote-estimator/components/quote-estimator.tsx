import {
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ESTIMATOR_LOCATIONS,
  ESTIMATOR_SPACE_TYPES,
  ESTIMATOR_URGENCIES,
  estimateQuote,
  formatPriceRange,
  formatTurnaround,
  parseSquareMeters,
  type TEstimate,
  type TEstimatorLocation,
  type TEstimatorUrgency,
} from '@spacecapture/shared/estimator';
import { PATHS } from '@spacecapture/shared/paths';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { typedValuesOf } from '../../../components/form/typed-before-script.ts';
import { AppLink } from '../../../components/ui/app-link.tsx';

type TEstimatorForm = { spaceType: string; size: string; location: string; urgency: string };

const EMPTY_FORM: TEstimatorForm = { spaceType: '', size: '', location: '', urgency: '' };
/** Each input's name in the page's markup. */
const INPUT_NAMES: Record<keyof TEstimatorForm, string> = {
  spaceType: 'spaceType',
  size: 'squareMeters',
  location: 'location',
  urgency: 'urgency',
};
const SIZE_MESSAGE = 'Please enter the size as a whole number of square meters.';

function isLocation(value: string): value is TEstimatorLocation {
  return ESTIMATOR_LOCATIONS.some((option) => option.value === value);
}

function isUrgency(value: string): value is TEstimatorUrgency {
  return ESTIMATOR_URGENCIES.some((option) => option.value === value);
}

/** The quote estimator (spec §2, §9): form on the left, estimate card on the right; no server call. */
export function QuoteEstimator() {
  const [form, setForm] = useState<TEstimatorForm>(EMPTY_FORM);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [estimate, setEstimate] = useState<TEstimate | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The form loads its code at the first interaction (decision 112): on a slow phone the visitor has
  // already chosen and typed into the prerendered inputs. Start from those, before the first paint,
  // so no render writes the empty state over them (decision 187).
  useLayoutEffect(() => {
    const typed = typedValuesOf(formRef.current, Object.values(INPUT_NAMES));
    if (typed.size === 0) return;
    setForm((current) => {
      const next = { ...current };
      for (const [field, name] of Object.entries(INPUT_NAMES) as [keyof TEstimatorForm, string][]) {
        const value = typed.get(name);
        if (typeof value === 'string') next[field] = value;
      }
      return next;
    });
  }, []);

  const complete = form.spaceType !== '' && form.size.trim() !== '' && form.location !== '' && form.urgency !== '';

  function update(field: keyof TEstimatorForm, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    setEstimate(null);
    if (field === 'size') setSizeError(null);
  }

  function calculate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const squareMeters = parseSquareMeters(form.size);
    if (squareMeters === null) {
      setSizeError(SIZE_MESSAGE);
      return;
    }
    if (!isLocation(form.location) || !isUrgency(form.urgency) || form.spaceType === '') return;
    setEstimate(
      estimateQuote({ spaceType: form.spaceType, squareMeters, location: form.location, urgency: form.urgency }),
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <Paper
        component="form"
        ref={formRef}
        withBorder
        radius="lg"
        shadow="sm"
        p={{ base: 'lg', sm: 32 }}
        onSubmit={calculate}
        noValidate
      >
        <Stack gap="md">
          <Title order={2} fz={22} c="var(--color-heading)">
            Project Details
          </Title>
          <NativeSelect
            label="Space Type"
            name={INPUT_NAMES.spaceType}
            value={form.spaceType}
            onChange={(event) => update('spaceType', event.currentTarget.value)}
            data={[{ value: '', label: 'Select space type' }, ...ESTIMATOR_SPACE_TYPES]}
          />
          <TextInput
            label="Size (square meters)"
            name={INPUT_NAMES.size}
            inputMode="numeric"
            placeholder="e.g. 150"
            value={form.size}
            error={sizeError}
            onChange={(event) => update('size', event.currentTarget.value)}
          />
          <NativeSelect
            label="Location Type"
            name={INPUT_NAMES.location}
            value={form.location}
            onChange={(event) => update('location', event.currentTarget.value)}
            data={[{ value: '', label: 'Select location type' }, ...ESTIMATOR_LOCATIONS]}
          />
          <NativeSelect
            label="Urgency"
            name={INPUT_NAMES.urgency}
            value={form.urgency}
            onChange={(event) => update('urgency', event.currentTarget.value)}
            data={[{ value: '', label: 'Select urgency' }, ...ESTIMATOR_URGENCIES]}
          />
          <Button type="submit" size="md" disabled={!complete}>
            Calculate
          </Button>
        </Stack>
      </Paper>

      <Paper
        component="section"
        aria-labelledby="estimate-title"
        radius="lg"
        p={{ base: 'lg', sm: 32 }}
        bg="brand.9"
        c="white"
        shadow="md"
      >
        <Stack gap="lg" h="100%">
          <Title id="estimate-title" order={2} fz={22}>
            Your Estimate
          </Title>
          <div aria-live="polite">
            {estimate ? (
              <Stack gap="md">
                <div>
                  <Text size="sm" c="brand.2" fw={600}>
                    Estimated Price
                  </Text>
                  <Text fz={40} fw={800} lh={1.15} data-testid="estimate-range">
                    {formatPriceRange(estimate)}
                  </Text>
                </div>
                <Divider color="rgba(255,255,255,0.18)" />
                <Group grow align="flex-start">
                  <div>
                    <Text size="sm" c="brand.2" fw={600}>
                      Turnaround
                    </Text>
                    <Text fz="lg" fw={700}>
                      {formatTurnaround(estimate.turnaroundDays)}
                    </Text>
                  </div>
                  <div>
                    <Text size="sm" c="brand.2" fw={600}>
                      Suggested Device
                    </Text>
                    <Badge size="lg" color="teal.3" c="brand.9" mt={4}>
                      {estimate.suggestedDevice}
                    </Badge>
                  </div>
                </Group>
                <Text size="sm" c="brand.1">
                  This is an estimate. Your final price is confirmed in the quote we send after reviewing your request.
                </Text>
              </Stack>
            ) : (
              <Text c="brand.1">
                Fill in the four details and click Calculate to see an estimated price range, the turnaround and the
                device we suggest for your space.
              </Text>
            )}
          </div>
          <Stack gap="sm" mt="auto">
            <Button component={AppLink} to={PATHS.request} size="md" color="teal.3" c="brand.9">
              Request Capture
            </Button>
            <Text size="sm" c="brand.1" ta="center">
              Questions about pricing?{' '}
              <Anchor component={AppLink} to={PATHS.contact} c="white" fw={700} underline="always">
                Contact us
              </Anchor>
            </Text>
          </Stack>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
