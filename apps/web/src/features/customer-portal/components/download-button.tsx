import { Button } from '@mantine/core';
import { CUSTOMER_TOASTS, type TCustomerDeliverable } from '@spacecapture/shared/contracts/customer-portal';
import { errorMessage, notifyError } from '../../../lib/notify.ts';
import { useCreateDownloadLink } from '../api/create-download-link.ts';

/** The spec's fallback when the server gives no reason (spec 001 §8). */
export const LINK_ERROR_FALLBACK = 'Could not create link';

/** Starts the browser's download of a same-origin URL (the server answers with an attachment). */
function startDownload(url: string, fileName: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

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
