import { zodResolver } from '@hookform/resolvers/zod';
import { Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { TOUR_HOSTS_LIMIT, type TTourHosts, ZTourHosts } from '@spacecapture/shared/contracts/tour-links';
import { useFieldArray, useForm } from 'react-hook-form';
import { CheckboxField, EditableListForm } from '../../../components/form/editable-list-form.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { handleSubmissionError } from '../../../lib/submission-error.ts';
import { useSaveTourHosts, useTourHosts } from '../api/tour-hosts.ts';

type TTourHostsFields = { hosts: { host: string; embeddable: boolean }[] };

const NEW_HOST = { host: '', embeddable: true };
const FAILED_TITLE = 'Tour hosts not saved';

/**
 * Admin Settings, Tour hosts (decision 233): the hosts a provider may deliver a tour link from, and
 * whether our pages may frame each one (every other host's tours open in a new tab). Saving
 * replaces the list; tours already delivered stay listed.
 */
export function TourHostsForm() {
  const hosts = useTourHosts();
  if (hosts.isError) return <QueryError error={hosts.error} onRetry={() => hosts.refetch()} what="the tour hosts" />;
  if (!hosts.data) return null;
  return <TourHostsFields initial={hosts.data} />;
}

function TourHostsFields({ initial }: { initial: TTourHostsFields }) {
  const save = useSaveTourHosts();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TTourHostsFields, unknown, TTourHosts>({ resolver: zodResolver(ZTourHosts), defaultValues: initial });
  const { fields, append, remove } = useFieldArray({ control, name: 'hosts' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notifySuccess({ title: 'Tour hosts saved', message: 'Tour links are checked against this list from now on.' });
    } catch (error) {
      handleSubmissionError(error, {
        setFieldError: (field, message) => {
          const row = /^hosts\.(\d+)\.host$/.exec(field);
          if (row) setError(`hosts.${Number(row[1])}.host`, { type: 'server', message });
          else if (field === 'hosts') setError('hosts', { type: 'server', message });
          return Boolean(row) || field === 'hosts';
        },
        failureToast: (message) => ({ title: FAILED_TITLE, message }),
      });
    }
  });

  // "Each host once" and the count belong to the list, not to a row.
  const listError = errors.hosts?.root?.message ?? errors.hosts?.message;

  return (
    <EditableListForm
      id="tour-hosts"
      title="Tour hosts"
      description={`Providers may deliver a tour link (https only) from these hosts alone, as a host name such as my.matterport.com. Pages show a framed host's tours in the page; every other host's open in a new tab. At most ${TOUR_HOSTS_LIMIT}.`}
      emptyText="No tour hosts: tour links cannot be delivered."
      rowKeys={fields.map((row) => row.id)}
      rowName="Tour host"
      renderRow={(index) => (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Host"
            required
            maxLength={253}
            autoCapitalize="none"
            spellCheck={false}
            error={errors.hosts?.[index]?.host?.message}
            {...register(`hosts.${index}.host`)}
          />
          <Stack justify="flex-end">
            <CheckboxField control={control} name={`hosts.${index}.embeddable`} label="Frame its tours in our pages" />
          </Stack>
          <Stack justify="flex-end" align="flex-start">
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => remove(index)}>
              Remove host {index + 1}
            </Button>
          </Stack>
        </SimpleGrid>
      )}
      listError={listError}
      addLabel="Add a host"
      onAdd={() => append(NEW_HOST)}
      addDisabled={fields.length >= TOUR_HOSTS_LIMIT}
      saveLabel="Save tour hosts"
      saving={isSubmitting}
      onSubmit={onSubmit}
    />
  );
}
