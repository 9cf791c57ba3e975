import { Button } from '@mantine/core';
import { CUSTOMER_TOASTS, type TCustomerDeliverable } from '@spacecapture/shared/contracts/customer-portal';
import { errorMessage, notifyError } from '../../../lib/notify.ts';
import { startDownload } from '../../../lib/start-download.ts';
import { useCreateDownloadLink } from '../api/create-download-link.ts';

/** The spec's fallback when the server gives no reason (spec 001 §8). */
export const LINK_ERROR_FALLBACK = 'Could not create link';

/**
 * Download: asks the server for a signed link (valid 300 seconds) at the moment of the click and
 * follows it at once, so the page never builds or keeps a file URL.
 */
export function DownloadButton({ file }: { file: TCustomerDeliverable }) {
  const createLink = useCreateDownloadLink();
  return (
    <Button
      size="xs"
      variant="light"
      loading={createLink.isPending}
      aria-label={`Download ${file.fileName}`}
      onClick={() =>
        createLink.mutate(file.id, {
          onSuccess: (link) => startDownload(link.url, file.fileName),
          onError: (error) =>
            notifyError({ title: CUSTOMER_TOASTS.linkError, message: errorMessage(error, LINK_ERROR_FALLBACK) }),
        })
      }
    >
      Download
    </Button>
  );
}
