import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A minimal S3-compatible server for tests (path-style, one bucket, no signature check): HeadBucket,
 * objects with user metadata, ranged GET, HEAD, DeleteObjects, and multipart uploads (create, upload
 * part, list parts, complete, abort). Enough for the S3 driver and tus's S3 store; nothing more.
 */

type TObject = { body: Buffer; metadata: Record<string, string> };
type TMultipart = { key: string; parts: Map<number, Buffer> };

const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;
const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>${body}`;
const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export async function startFakeS3(bucket: string) {
  const objects = new Map<string, TObject>();
  const uploads = new Map<string, TMultipart>();
  const requests: string[] = [];

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://fake');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const query = url.searchParams;
    const method = request.method ?? 'GET';
    requests.push(`${method} ${key}${url.search}`);
    const send = (status: number, payload = '', headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/xml', ...headers });
      response.end(payload);
    };
    const missing = () =>
      send(404, method === 'HEAD' ? '' : xml(`<Error><Code>NoSuchKey</Code><Message>Not found</Message></Error>`));
    if (bucketName !== bucket) return send(404, xml('<Error><Code>NoSuchBucket</Code></Error>'));
    // HeadBucket: the app checks its bucket at start.
    if (method === 'HEAD' && !key) return send(200);

    if (method === 'GET' && !key && query.get('list-type') === '2') {
      const contents = [...objects.entries()]
        .map(([name, object]) => `<Contents><Key>${escapeXml(name)}</Key><Size>${object.body.length}</Size></Contents>`)
        .join('');
      return send(
        200,
        xml(`<ListBucketResult><Name>${bucket}</Name><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`),
      );
    }
    if (method === 'POST' && query.has('delete')) {
      for (const match of body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)) objects.delete(match[1] as string);
      return send(200, xml('<DeleteResult></DeleteResult>'));
    }
    if (method === 'POST' && query.has('uploads')) {
      const uploadId = randomUUID();
      uploads.set(uploadId, { key, parts: new Map() });
      return send(
        200,
        xml(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        ),
      );
    }
    const uploadId = query.get('uploadId');
    if (uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload) return send(404, xml('<Error><Code>NoSuchUpload</Code></Error>'));
      if (method === 'PUT') {
        upload.parts.set(Number(query.get('partNumber')), body);
        return send(200, '', { etag: etagOf(body) });
      }
      if (method === 'GET') {
        const parts = [...upload.parts.entries()]
          .sort(([a], [b]) => a - b)
          .map(
            ([number, part]) =>
              `<Part><PartNumber>${number}</PartNumber><ETag>${etagOf(part)}</ETag><Size>${part.length}</Size></Part>`,
          )
          .join('');
        return send(
          200,
          xml(
            `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`,
          ),
        );
      }
      if (method === 'POST') {
        const whole = Buffer.concat([...upload.parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part));
        objects.set(upload.key, { body: whole, metadata: {} });
        uploads.delete(uploadId);
        return send(
          200,
          xml(
            `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><ETag>${etagOf(whole)}</ETag></CompleteMultipartUploadResult>`,
          ),
        );
      }
      if (method === 'DELETE') {
        uploads.delete(uploadId);
        return send(204);
      }
    }
    if (method === 'PUT') {
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (name.startsWith('x-amz-meta-')) metadata[name] = String(value);
      }
      objects.set(key, { body, metadata });
      return send(200, '', { etag: etagOf(body) });
    }
    if (method === 'DELETE') {
      objects.delete(key);
      return send(204);
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object) return missing();
      const headers: Record<string, string> = {
        'content-type': 'application/octet-stream',
        etag: etagOf(object.body),
        'last-modified': new Date().toUTCString(),
        'accept-ranges': 'bytes',
        ...object.metadata,
      };
      const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(Number(range[2]), object.body.length - 1);
        const part = object.body.subarray(start, end + 1);
        response.writeHead(206, {
          ...headers,
          'content-length': String(part.length),
          'content-range': `bytes ${start}-${end}/${object.body.length}`,
        });
        return response.end(method === 'HEAD' ? undefined : part);
      }
      response.writeHead(200, { ...headers, 'content-length': String(object.body.length) });
      return response.end(method === 'HEAD' ? undefined : object.body);
    }
    return send(400, xml('<Error><Code>NotImplemented</Code></Error>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    uploads,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
