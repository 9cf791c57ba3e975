import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { sendJson } from '../../../lib/api-hooks.ts';

/** POST /api/public/shares/:token/deliverables/:id/opened → counts an open of a shared tour link (204). */
export function countTourOpen(token: string, fileId: string) {
  return sendJson(
    `/api/public/shares/${encodeURIComponent(token)}/deliverables/${encodeURIComponent(fileId)}/opened`,
    {},
    z.null(),
  );
}

export function useCountTourOpen(token: string) {
  return useMutation({ mutationFn: (fileId: string) => countTourOpen(token, fileId) });
}
