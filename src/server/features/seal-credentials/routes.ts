import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialVerificationSchema, verifyCredentialSchema } from '../../../domain/seal-credential-schemas';
import { notFound } from '../../http/errors';
import { readableFromAnyOrigin } from '../../http/headers';
import { errorBodySchema } from '../../http/schemas';
import { STATUS_LIST_PATH, VC_JWT_TYPE } from './credential';
import { currentSealCredential, latestSealCredentialJwt, sealDidDocument, signedStatusList, verifySealCredential } from './service';

export const prefix = '';

const makerParams = z.object({ makerId: z.string().min(1).max(100) });
const NO_CREDENTIAL = 'This maker holds no Seal credential.';
const VERIFY_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export const routes: FastifyPluginAsyncZod = async (app) => {
  // A verification is of this moment (a credential can be revoked at any time), so no cache may keep it.
  const answerVerification = (reply: { header: (name: string, value: string) => unknown }, jwt: string) => {
    reply.header('cache-control', 'no-store');
    return verifySealCredential(app, jwt);
  };

  app.get('/.well-known/did.json', {
    config: { access: 'public' },
    schema: { tags: ['seal'], summary: "Humanmade's DID document (did:web): the keys that sign Seal credentials" },
    handler: async (_request, reply) => readableFromAnyOrigin(reply).header('cache-control', 'public, max-age=300').type('application/did+json').send(await sealDidDocument(app)),
  });

  app.get(STATUS_LIST_PATH, {
    config: { access: 'public' },
    schema: { tags: ['seal'], summary: 'The Seal revocation list: a signed Bitstring Status List credential (vc+jwt)' },
    handler: async (_request, reply) =>
      // Short-lived: a revocation must reach verifiers soon.
      readableFromAnyOrigin(reply).header('cache-control', 'public, max-age=60').type(`application/${VC_JWT_TYPE}`).send(await signedStatusList(app)),
  });

  app.get('/api/credentials/seal/:makerId', {
    config: { access: 'public' },
    schema: {
      tags: ['seal'],
      summary: "A maker's Seal credential in force, as a downloadable JSON file (an enveloped vc+jwt)",
      params: makerParams,
      response: { 200: z.object({ '@context': z.string(), id: z.string(), type: z.literal('EnvelopedVerifiableCredential') }), 404: errorBodySchema },
    },
    handler: async (request, reply) => {
      const credential = await currentSealCredential(app.db, request.params.makerId);
      if (!credential) throw notFound(NO_CREDENTIAL);
      return readableFromAnyOrigin(reply)
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="humanmade-seal-credential.json"')
        .type('application/json')
        .send(credential);
    },
  });

  app.get('/api/credentials/seal/:makerId/verification', {
    config: { access: 'public', rateLimit: VERIFY_LIMIT },
    schema: {
      tags: ['seal'],
      summary: "Verifies a maker's latest Seal credential (revoked or not), as /verify does",
      params: makerParams,
      response: { 200: credentialVerificationSchema, 404: errorBodySchema },
    },
    handler: async (request, reply) => {
      const jwt = await latestSealCredentialJwt(app.db, request.params.makerId);
      if (!jwt) throw notFound(NO_CREDENTIAL);
      return answerVerification(reply, jwt);
    },
  });

  app.post('/api/credentials/verify', {
    config: { access: 'public', rateLimit: VERIFY_LIMIT },
    schema: {
      tags: ['seal'],
      summary: 'Verifies a pasted or uploaded credential: signature, issuer and revocation status',
      body: verifyCredentialSchema,
      response: { 200: credentialVerificationSchema, 400: errorBodySchema },
    },
    handler: async (request, reply) => {
      return answerVerification(reply, request.body.credential);
    },
  });
};
