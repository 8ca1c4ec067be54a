import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { createS3Driver } from '../../storage/driver';
import { parseAuthorization, sha256Hex, verifySigV4 } from './sigv4';

interface CapturedRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
}

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const ACCESS_KEY = 'AKIDEXAMPLE';

/** An S3 client whose network layer records each signed request and answers like S3 would. */
const capturingClient = () => {
  const captured: CapturedRequest[] = [];
  const client = new S3Client({
    endpoint: 'http://s3.test.local:9000',
    region: 'eu-west-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET },
    maxAttempts: 1,
    requestHandler: {
      handle: async (request: CapturedRequest) => {
        captured.push(request);
        const body = request.method === 'GET' ? Buffer.from('stored bytes') : Buffer.alloc(0);
        return {
          response: {
            statusCode: request.method === 'DELETE' ? 204 : 200,
            headers: { 'content-length': String(body.length), etag: '"abc"' },
            body: Readable.from([body]),
          },
        };
      },
    },
  });
  return { client, captured };
};

const driverWith = (client: S3Client) => createS3Driver({ S3_BUCKET: 'hm-files' } as AppConfig, client);

describe('S3 driver request signing', () => {
  it('signs a put with AWS4-HMAC-SHA256 for the right credential scope, path-style, over PUT', async () => {
    const { client, captured } = capturingClient();
    const body = Buffer.from('a small picture');
    await driverWith(client).put('portfolio-items', 'user-1/portfolio/item-1.png', body, 'image/png');

    expect(captured).toHaveLength(1);
    const [request] = captured;
    expect(request.method).toBe('PUT');
    expect(request.hostname).toBe('s3.test.local');
    expect(request.path).toBe('/hm-files/portfolio-items/user-1/portfolio/item-1.png');
    expect(request.headers['content-type']).toBe('image/png');
    expect(request.headers['x-amz-content-sha256']).toBe(sha256Hex(body));

    const auth = parseAuthorization(request.headers.authorization);
    expect(auth).not.toBeNull();
    expect(auth).toMatchObject({ accessKeyId: ACCESS_KEY, region: 'eu-west-1', service: 's3' });
    expect(auth!.date).toBe(request.headers['x-amz-date'].slice(0, 8));
    expect(auth!.signedHeaders).toEqual(expect.arrayContaining(['host', 'x-amz-date', 'x-amz-content-sha256', 'content-type']));
    expect(verifySigV4(request, SECRET)).toBe(true);
    // The check is real: the wrong secret, or a tampered path, does not verify.
    expect(verifySigV4(request, `${SECRET}x`)).toBe(false);
    expect(verifySigV4({ ...request, path: '/hm-files/portfolio-items/user-2/portfolio/item-1.png' }, SECRET)).toBe(false);
  });

  it('maps get and delete to signed GET and DELETE requests of the same object', async () => {
    const { client, captured } = capturingClient();
    const driver = driverWith(client);
    const stored = await driver.get('deliverables', 'maker-1/project-1/deliverable.pdf');
    expect(stored?.size).toBe('stored bytes'.length);
    await driver.delete('deliverables', 'maker-1/project-1/deliverable.pdf');

    expect(captured.map((request) => request.method)).toEqual(['GET', 'DELETE']);
    for (const request of captured) {
      expect(request.path).toBe('/hm-files/deliverables/maker-1/project-1/deliverable.pdf');
      expect(request.headers['x-amz-content-sha256']).toBe(sha256Hex(''));
      expect(verifySigV4(request, SECRET)).toBe(true);
    }
  });

  it('refuses a key that could escape its folder before anything is sent', async () => {
    const { client, captured } = capturingClient();
    await expect(driverWith(client).put('profile-images', '../other-user/avatar.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe/);
    expect(captured).toHaveLength(0);
  });
});
