import { ZErrorResponse } from '@spacecapture/shared/errors';
import { z } from 'zod';

/** Pieces every guarded route declares alike. */

/** The error answers any operation behind the guard can give: bad input, no session, a role that may not. */
export const signedInErrorResponses = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

/** The error answers a guarded operation on one organisation's rows can give. */
export const guardedErrorResponses = { ...signedInErrorResponses, 404: ZErrorResponse, 409: ZErrorResponse };

export const idParams = z.object({ id: z.uuid() });

/** The header of a create that may be retried: a repeat with the same key returns the first answer. */
export const idempotencyKeyHeaders = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe('A client-chosen key (8-128 characters). A repeat with the same key returns the first answer.'),
});
