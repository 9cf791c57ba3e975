import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_COUNT,
  CONVERSATION_MESSAGES,
  type TPostMessageRequest,
  ZPostMessageRequest,
} from '@spacecapture/shared/contracts/conversations';
import { AppError, fieldMessages } from '@spacecapture/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { TFileStore } from '../storage/file-store.ts';
import { receiveAttachment, type TReceivedAttachment } from './message-attachments.ts';

/** The multipart limits of a message: its text and up to five files of 10 MB each. */
export const MESSAGE_FORM_LIMITS = {
  fileSize: ATTACHMENT_MAX_BYTES,
  files: ATTACHMENT_MAX_COUNT,
  fields: 2,
  fieldSize: 64 * 1024,
  parts: ATTACHMENT_MAX_COUNT + 2,
};

/** What busboy throws for a body it cannot read: plain errors, without a code. */
const UNREADABLE = /^(Multipart: Boundary not found|Unexpected end of multipart data|The needle cannot)/;

/**
 * Reads a posted message: multipart/form-data with a field `body` and file parts `attachments`, or
 * plain JSON `{ body }` for a message without files. The caller owns the received files: it passes
 * them to the service, which adopts them, or discards them with `discard`.
 */
export async function readMessageForm(
  request: FastifyRequest,
  files: TFileStore,
): Promise<{ message: TPostMessageRequest; attachments: TReceivedAttachment[] }> {
  if (!request.isMultipart()) return { message: parseMessage(request.body), attachments: [] };
  const attachments: TReceivedAttachment[] = [];
  let body: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'attachments') {
          part.file.resume();
          throw new AppError('bad_request', `Unexpected file part "${part.fieldname}".`);
        }
        attachments.push(await receiveAttachment(files, { filename: part.filename, stream: part.file }));
      } else if (part.fieldname === 'body') {
        if (part.valueTruncated) throw new AppError('payload_too_large', 'The message is too large.');
        body = String(part.value);
      }
    }
    return { message: parseMessage({ body }), attachments };
  } catch (error) {
    await discardAttachments(files, attachments);
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new AppError('validation_failed', CONVERSATION_MESSAGES.attachmentCount, {
        attachments: CONVERSATION_MESSAGES.attachmentCount,
      });
    }
    if (error instanceof Error && !(error instanceof AppError) && UNREADABLE.test(error.message)) {
      throw new AppError('bad_request', 'The multipart body could not be read.');
    }
    throw error;
  }
}

function parseMessage(input: unknown): TPostMessageRequest {
  const parsed = ZPostMessageRequest.safeParse(input ?? {});
  if (!parsed.success) {
    throw new AppError('validation_failed', 'Some body fields are invalid.', fieldMessages(parsed.error.issues));
  }
  return parsed.data;
}

export async function discardAttachments(files: TFileStore, attachments: readonly TReceivedAttachment[]) {
  await Promise.all(attachments.map((file) => files.discardTemp(file.tempPath)));
}
