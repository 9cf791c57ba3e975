import type { FastifyInstance } from 'fastify';
import { APP_ORIGIN, type TClient } from './accounts.ts';

/** The smallest bytes the server takes for a PNG: the signature, then filler. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

/**
 * Posts a conversation message as the browser's form does: multipart with a `body` field and one
 * `attachments` part per file, each declared as octet-stream (the server decides the type by its
 * content), with the client's session, origin and address.
 */
export async function postMessageWithFiles(
  app: FastifyInstance,
  client: TClient,
  url: string,
  body: string,
  files: { name: string; bytes: Uint8Array }[],
) {
  const form = new FormData();
  form.append('body', body);
  for (const file of files) {
    form.append('attachments', new Blob([file.bytes], { type: 'application/octet-stream' }), file.name);
  }
  const encoded = new Response(form);
  return app.inject({
    method: 'POST',
    url,
    headers: {
      cookie: client.jar.header() ?? '',
      origin: APP_ORIGIN,
      'content-type': encoded.headers.get('content-type') ?? '',
    },
    remoteAddress: client.remoteAddress,
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}
