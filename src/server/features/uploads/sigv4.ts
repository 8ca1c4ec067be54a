import { createHash, createHmac } from 'node:crypto';

/** Test support: an independent AWS Signature Version 4 check, written from the AWS documentation. */
export interface SignedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const AUTH_PATTERN = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

export const parseAuthorization = (authorization: string) => {
  const match = AUTH_PATTERN.exec(authorization);
  if (!match) return null;
  const [, accessKeyId, date, region, service, signedHeaders, signature] = match;
  return { accessKeyId, date, region, service, signedHeaders: signedHeaders.split(';'), signature };
};

/** Recomputes the request's signature with the secret key; true when it matches the one the client sent. */
export const verifySigV4 = (request: SignedRequest, secretAccessKey: string): boolean => {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const auth = parseAuthorization(header('authorization') ?? '');
  const amzDate = header('x-amz-date');
  const payloadHash = header('x-amz-content-sha256');
  if (!auth || !amzDate || !payloadHash || !amzDate.startsWith(auth.date)) return false;

  const canonicalUri = request.path
    .split('/')
    .map((segment) => encode(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = Object.keys(request.query)
    .sort()
    .map((key) => `${encode(key)}=${encode(request.query[key])}`)
    .join('&');
  const canonicalHeaders = auth.signedHeaders.map((name) => `${name}:${(header(name) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [request.method, canonicalUri, canonicalQuery, canonicalHeaders, auth.signedHeaders.join(';'), payloadHash].join('\n');
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, auth.date), auth.region), auth.service), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex') === auth.signature;
};

export { sha256Hex };
