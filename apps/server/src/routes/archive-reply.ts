import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../lib/content-disposition.ts';
import type { TDeliverablesArchive } from '../modules/deliverables/deliverables-archive.ts';
import { parseRange } from '../modules/storage/download-links.ts';
import { streamArchive, UNSAFE_NAME_CHARACTERS } from '../modules/storage/zip-archive.ts';

/** Longest archive name before ".zip": order titles can be long, file systems are not. */
const MAX_NAME = 120;

/** The name the zip is saved under: the order's title, with what a file name cannot hold replaced. */
export function archiveFileName(title: string) {
  const clean = title.replace(UNSAFE_NAME_CHARACTERS, '_').trim().slice(0, MAX_NAME) || 'files';
  return `${clean}.zip`;
}

/**
 * Answers a "download all" zip (decision 221): its whole length, or the one range asked. A resumed
 * download sends If-Range with the ETag it started with; when the files changed since, the whole new
 * archive is sent instead of a range of it that would not fit what the client holds.
 */
export function replyWithArchive(
  request: FastifyRequest,
  reply: FastifyReply,
  archive: TDeliverablesArchive & { title: string },
) {
  const { plan } = archive;
  reply
    .header('Cache-Control', 'private, no-store')
    .header('Accept-Ranges', 'bytes')
    .header('ETag', archive.etag)
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', attachmentDisposition(archiveFileName(archive.title)))
    .header('X-Content-Type-Options', 'nosniff');
  const ifRange = request.headers['if-range'];
  const asked = ifRange === undefined || ifRange === archive.etag ? request.headers.range : undefined;
  const range = parseRange(asked, plan.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('Content-Range', `bytes */${plan.size}`).send();
  }
  const span = range ?? { start: 0, end: plan.size - 1 };
  if (range) reply.status(206).header('Content-Range', `bytes ${span.start}-${span.end}/${plan.size}`);
  return reply.header('Content-Length', span.end - span.start + 1).send(streamArchive(plan, span, archive.open));
}
