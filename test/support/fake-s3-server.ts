import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySigV4 } from '../../src/server/features/uploads/sigv4';

/**
 * Test support: a tiny path-style S3 endpoint on 127.0.0.1 that keeps objects in memory and refuses any
 * request whose SigV4 signature does not verify with the expected secret (403, as S3 does).
 */
export const startFakeS3 = async (bucket: string, secretAccessKey: string) => {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const log: string[] = [];
  let rejected = 0;

  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>${body}`;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const query = Object.fromEntries(url.searchParams.entries());
      const body = await readBody(request);
      if (!verifySigV4({ method: request.method ?? '', path: url.pathname, query, headers: request.headers }, secretAccessKey)) {
        rejected += 1;
        response.writeHead(403, { 'content-type': 'application/xml' }).end(xml('<Error><Code>SignatureDoesNotMatch</Code></Error>'));
        return;
      }
      const [, bucketName, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      log.push(`${request.method} ${url.pathname}${'delete' in query ? '?delete' : ''}${'list-type' in query ? `?prefix=${query.prefix}` : ''}`);
      if (bucketName !== bucket) return void response.writeHead(404).end(xml('<Error><Code>NoSuchBucket</Code></Error>'));

      if (request.method === 'PUT') {
        objects.set(key, { body, type: String(request.headers['content-type'] ?? '') });
        return void response.writeHead(200, { etag: '"etag"' }).end();
      }
      if (request.method === 'GET' && 'list-type' in query) {
        const keys = [...objects.keys()].filter((candidate) => candidate.startsWith(query.prefix ?? ''));
        const contents = keys.map((candidate) => `<Contents><Key>${candidate}</Key><Size>${objects.get(candidate)!.body.length}</Size></Contents>`).join('');
        return void response
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(xml(`<ListBucketResult><Name>${bucket}</Name><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`));
      }
      if (request.method === 'GET') {
        const stored = objects.get(key);
        if (!stored) return void response.writeHead(404, { 'content-type': 'application/xml' }).end(xml('<Error><Code>NoSuchKey</Code></Error>'));
        return void response.writeHead(200, { 'content-type': stored.type, 'content-length': stored.body.length }).end(stored.body);
      }
      if (request.method === 'DELETE') {
        objects.delete(key);
        return void response.writeHead(204).end();
      }
      if (request.method === 'POST' && 'delete' in query) {
        const keys = [...body.toString('utf8').matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]);
        keys.forEach((deleted) => objects.delete(deleted));
        const result = keys.map((deleted) => `<Deleted><Key>${deleted}</Key></Deleted>`).join('');
        return void response.writeHead(200, { 'content-type': 'application/xml' }).end(xml(`<DeleteResult>${result}</DeleteResult>`));
      }
      response.writeHead(405).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    log,
    rejectedCount: () => rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
