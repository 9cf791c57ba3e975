import { ZErrorResponse } from '@spacecapture/shared/errors';
import { z } from 'zod';

/** Pieces every guarded route declares alike. */

/** The error answers a guarded operation on one organisation's rows can give. */
export const guardedErrorResponses = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

export const idParams = z.object({ id: z.uuid() });
