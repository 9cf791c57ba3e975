import { Button, Group, NativeSelect, Stack, TagsInput, TextInput } from '@mantine/core';
import {
  DEVICE_MESSAGES,
  DEVICE_MODELS,
  type TDevice,
  ZDeviceRequest,
} from '@spacecapture/shared/contracts/provider-portal';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { apiFieldErrors, zodFieldErrors } from '../../../lib/field-errors.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveDevice } from '../../../resources/provider/save-device.ts';
import { CAPABILITY_SUGGESTIONS, DEVICE_TOASTS } from './messages.ts';

type TDeviceFormProps = {
  /** The device to edit; a new one when absent. */
  device?: TDevice;
  onDone?: () => void;
  onCancel?: () => void;
};

/** Add or edit a device: model (PRO, MINION, META, MEGA), serial (unique on the platform), capabilities. */
export function DeviceForm({ device, onDone, onCancel }: TDeviceFormProps) {
  const save = useSaveDevice({
    onSuccess: (_saved, { id }) => notifySuccess(id ? DEVICE_TOASTS.deviceUpdated : DEVICE_TOASTS.deviceAdded),
  });
  const [model, setModel] = useState<string>(device?.model ?? '');
  const [serial, setSerial] = useState(device?.serial ?? '');
  const [capabilities, setCapabilities] = useState<string[]>(device?.capabilities ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edited = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZDeviceRequest.safeParse({ model: model || undefined, serial, capabilities });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(
      { id: device?.id, device: parsed.data },
      {
        onSuccess: () => {
          if (!device) {
            setModel('');
            setSerial('');
            setCapabilities([]);
          }
          onDone?.();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'conflict') {
            setErrors({ serial: error.message || DEVICE_MESSAGES.duplicateSerial });
            return;
          }
          const fields = apiFieldErrors(error);
          if (Object.keys(fields).length > 0) {
            setErrors(fields);
            return;
          }
          notifyError({ title: 'Failed', message: errorMessage(error, NETWORK_FALLBACK) });
        },
      },
    );
  }

  const idPrefix = device ? `device-${device.id}` : 'new-device';
  return (
    <Stack
      renderRoot={(props) => <form {...props} noValidate />}
      gap="sm"
      onSubmit={onSubmit}
      aria-label={device ? 'Edit device' : 'Add device'}
    >
      <Group gap="sm" align="flex-start" wrap="wrap">
        <NativeSelect
          id={`${idPrefix}-model`}
          label="Model"
          value={model}
          onChange={(event) => {
            setModel(event.currentTarget.value);
            edited('model');
          }}
          data={[{ value: '', label: 'Choose a model' }, ...DEVICE_MODELS.map((value) => ({ value, label: value }))]}
          error={errors.model}
          w={180}
        />
        <TextInput
          id={`${idPrefix}-serial`}
          label="Serial"
          value={serial}
          onChange={(event) => {
            setSerial(event.currentTarget.value);
            edited('serial');
          }}
          error={errors.serial}
          maxLength={64}
          w={240}
        />
      </Group>
      <TagsInput
        id={`${idPrefix}-capabilities`}
        label="Capabilities"
        description="Press Enter after each one (up to 20)"
        value={capabilities}
        onChange={(value) => {
          setCapabilities(value);
          edited('capabilities');
        }}
        data={CAPABILITY_SUGGESTIONS}
        error={errors.capabilities}
        maxTags={20}
        acceptValueOnBlur
        clearable
      />
      <Group gap="xs">
        <Button type="submit" size="sm" loading={save.isPending}>
          {device ? 'Save device' : 'Add device'}
        </Button>
        {onCancel ? (
          <Button variant="default" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
