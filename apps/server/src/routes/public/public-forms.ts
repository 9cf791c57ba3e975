import multipart from '@fastify/multipart';
import {
  PORTFOLIO_MAX_BYTES,
  ZCaptureRequest,
  ZContactMessageRequest,
  ZProviderApplication,
  ZSubmissionAccepted,
} from '@spacecapture/shared/contracts/public-forms';
import { AppError, fieldMessages, ZErrorResponse } from '@spacecapture/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseIdempotencyKey } from '../../modules/idempotency/idempotency.ts';
import { receivePortfolio, type TReceivedFile } from '../../modules/public-forms/portfolio-file.ts';

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe('A client-chosen key (8-128 characters). A repeat with the same key returns the first answer.'),
});

const submissionResponses = {
  201: ZSubmissionAccepted,
  400: ZErrorResponse,
  409: ZErrorResponse,
  413: ZErrorResponse,
  415: ZErrorResponse,
  429: ZErrorResponse,
  500: ZErrorResponse,
  503: ZErrorResponse,
};

const JSON_BODY_LIMIT = 64 * 1024;

/** The public forms of the website: capture request, provider application and contact message. */
const publicFormRoutes: FastifyPluginAsyncZod<{ rateLimitPerMinute: number }> = async (app, options) => {
  const rateLimit = { max: options.rateLimitPerMinute, timeWindow: '1 minute' };
  const { publicForms } = app.services;

  app.post(
    '/capture-requests',
    {
      bodyLimit: JSON_BODY_LIMIT,
      config: { rateLimit },
      schema: {
        'x-roles': ['public'],
        tags: ['public'],
        summary: 'Submit a capture request (creates an order lead with status new)',
        headers: idempotencyHeaders,
        body: ZCaptureRequest,
        response: submissionResponses,
      },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const result = await publicForms.submitCaptureRequest(request.body, key);
      return reply.status(201).send(result.body);
    },
  );

  app.post(
    '/contact-messages',
    {
      bodyLimit: JSON_BODY_LIMIT,
      config: { rateLimit },
      schema: {
        'x-roles': ['public'],
        tags: ['public'],
        summary: 'Send a message to the company from the Contact Us page',
        headers: idempotencyHeaders,
        body: ZContactMessageRequest,
        response: submissionResponses,
      },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const result = await publicForms.submitContactMessage(request.body, key);
      return reply.status(201).send(result.body);
    },
  );

  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: PORTFOLIO_MAX_BYTES, files: 1, fields: 4, fieldSize: JSON_BODY_LIMIT, parts: 5 },
    });
    uploads.post(
      '/provider-applications',
      {
        config: { rateLimit },
        schema: {
          'x-roles': ['public'],
          tags: ['public'],
          summary: 'Apply to join the provider network',
          description:
            'multipart/form-data with a part `payload` (the application as JSON, see ProviderApplication) and an ' +
            'optional file part `portfolio` (.pdf, .zip, .jpg, .jpeg or .png, checked by content, at most 25 MB).',
          consumes: ['multipart/form-data'],
          headers: idempotencyHeaders,
          response: submissionResponses,
        },
      },
      async (request, reply) => {
        const key = parseIdempotencyKey(request.headers['idempotency-key']);
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Expected multipart/form-data.');
        let payload: unknown;
        let portfolio: TReceivedFile | undefined;
        try {
          try {
            for await (const part of request.parts()) {
              if (part.type === 'file') {
                if (part.fieldname !== 'portfolio' || portfolio) {
                  part.file.resume();
                  throw new AppError('bad_request', `Unexpected file part "${part.fieldname}".`);
                }
                portfolio = await receivePortfolio(app.files, { filename: part.filename, stream: part.file });
              } else if (part.fieldname === 'payload') {
                // Over fieldSize the parser cuts the value short: that is a too-large body, not bad JSON.
                if (part.valueTruncated) throw new AppError('payload_too_large', 'The payload part is too large.');
                payload = parseJson(String(part.value));
              }
            }
          } catch (error) {
            if (isUnreadableMultipart(error))
              throw new AppError('bad_request', 'The multipart body could not be read.');
            throw error;
          }
          const parsed = ZProviderApplication.safeParse(payload);
          if (!parsed.success) {
            throw new AppError(
              'validation_failed',
              'Some body fields are invalid.',
              fieldMessages(parsed.error.issues),
            );
          }
          const received = portfolio;
          portfolio = undefined; // ownership passes to the service
          const result = await publicForms.submitProviderApplication(parsed.data, received, key);
          return reply.status(201).send(result.body);
        } finally {
          if (portfolio) await app.files.discardTemp(portfolio.tempPath);
        }
      },
    );
  });
};

/** What the multipart parser (busboy) throws for a body it cannot read: plain errors, without a code. */
const MULTIPART_PARSER_REFUSALS =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|The needle cannot|Unsupported Content-Type)/;

/** A missing or unusable boundary, or a body cut short: the caller's request, not our fault. */
function isUnreadableMultipart(error: unknown) {
  return (
    error instanceof Error &&
    !(error instanceof AppError) &&
    !('code' in error) &&
    MULTIPART_PARSER_REFUSALS.test(error.message)
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The payload part is not valid JSON.');
  }
}

export default publicFormRoutes;
