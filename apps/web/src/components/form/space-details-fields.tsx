import { NativeSelect, SimpleGrid, Textarea } from '@mantine/core';
import {
  CAPTURE_TYPE_OPTIONS,
  SPACE_SIZE_OPTIONS,
  SPACE_TYPE_OPTIONS,
  TIMELINE_OPTIONS,
  type TOption,
} from '@spacecapture/shared/enums';
import { SPACE_SIZE_LABELS, type TUnitSystem } from '@spacecapture/shared/units';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { PreferredWindowsField } from './preferred-windows-field.tsx';

/** The space details both capture request forms ask for: the public one and the customer portal's. */
type TSpaceDetails = {
  spaceType: string;
  spaceSize: string;
  captureType: string;
  timeline: string;
  accessNotes: string;
  additionalInfo: string;
};

/** A native select's options with an empty first choice that names what to pick. */
export function withPlaceholder(placeholder: string, options: readonly TOption[]) {
  return [{ value: '', label: placeholder }, ...options];
}

/**
 * Space type, size, what is needed and timeline, in two columns, inside a react-hook-form
 * FormProvider. `location`, when given, takes the cell after the space type (the public form's
 * order); the portal puts its location above, and names the sizes in its `unitSystem`.
 */
export function SpaceSelectsFields({ location, unitSystem }: { location?: ReactNode; unitSystem?: TUnitSystem }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<TSpaceDetails>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <NativeSelect
        label="Space Type"
        withAsterisk
        data={withPlaceholder('Select space type', SPACE_TYPE_OPTIONS)}
        error={errors.spaceType?.message}
        {...register('spaceType')}
      />
      {location}
      <NativeSelect
        label="Space Size"
        withAsterisk
        data={withPlaceholder(
          'Select space size',
          // A signed-in organisation reads the bands in its unit system (decision 203); visitors as the spec gives them.
          unitSystem
            ? SPACE_SIZE_OPTIONS.map((option) => ({
                value: option.value,
                label: SPACE_SIZE_LABELS[unitSystem][option.value],
              }))
            : SPACE_SIZE_OPTIONS,
        )}
        error={errors.spaceSize?.message}
        {...register('spaceSize')}
      />
      <NativeSelect
        label="What do you need?"
        withAsterisk
        data={withPlaceholder('Select capture type', CAPTURE_TYPE_OPTIONS)}
        error={errors.captureType?.message}
        {...register('captureType')}
      />
      <NativeSelect
        label="Timeline"
        withAsterisk
        data={withPlaceholder('Select timeline', TIMELINE_OPTIONS)}
        error={errors.timeline?.message}
        {...register('timeline')}
      />
    </SimpleGrid>
  );
}

/** Preferred windows (in the place's zone once one is picked), access notes and anything else. */
export function VisitNotesFields({
  timeZone,
  additionalInfoPlaceholder,
}: {
  timeZone: string | null;
  additionalInfoPlaceholder: string;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<TSpaceDetails>();
  return (
    <>
      <PreferredWindowsField timeZone={timeZone} />
      <Textarea
        label="Access Notes (Optional)"
        placeholder="Parking, keys, the entrance to use..."
        autosize={false}
        rows={2}
        error={errors.accessNotes?.message}
        {...register('accessNotes')}
      />
      <Textarea
        label="Additional Information (Optional)"
        placeholder={additionalInfoPlaceholder}
        autosize={false}
        rows={4}
        error={errors.additionalInfo?.message}
        {...register('additionalInfo')}
      />
    </>
  );
}
