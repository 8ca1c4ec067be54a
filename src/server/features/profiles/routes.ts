import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientOnboardingSchema,
  clientProfileSchema,
  clientProfileViewSchema,
  makerProfileSchema,
  makerProfileViewSchema,
  mindApplicationSchema,
  mindProfileSchema,
  mindProfileViewSchema,
} from '../../../domain/profile-schemas';
import { errorBodySchema } from '../../http/schemas';
import { getClientProfile, saveClientProfile } from './client-profile';
import { getMakerProfile, saveMakerProfile } from './maker-profile';
import { getMindProfile, saveMindProfile } from './mind-profile';

export const prefix = '/api/profiles';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const writeLimit = { max: 30, timeWindow: '1 minute' };

export const routes: FastifyPluginAsyncZod = async (app) => {
  // ---- Maker ----
  const maker = z.object({ profile: makerProfileViewSchema });
  app.get('/maker', {
    config: { access: ['maker'] },
    schema: { tags: ['profiles'], summary: "The signed-in maker's own profile and application", response: { 200: maker, ...errors } },
    handler: async (request) => ({ profile: await getMakerProfile(app, (await request.requireAuth()).userId) }),
  });
  app.put('/maker', {
    config: { access: ['maker'], rateLimit: writeLimit },
    schema: { tags: ['profiles'], summary: 'Update the maker profile (status unchanged)', body: makerProfileSchema, response: { 200: maker, ...errors } },
    handler: async (request) => ({ profile: await saveMakerProfile(app, (await request.requireAuth()).userId, request.body, { submit: false }) }),
  });
  app.post('/maker/application', {
    config: { access: ['maker'], rateLimit: writeLimit },
    schema: {
      tags: ['profiles'],
      summary: 'Save the maker profile and submit (or resubmit) the application: status becomes pending',
      body: makerProfileSchema,
      response: { 200: maker, ...errors },
    },
    handler: async (request) => ({ profile: await saveMakerProfile(app, (await request.requireAuth()).userId, request.body, { submit: true }) }),
  });

  // ---- Mind ----
  const mind = z.object({ profile: mindProfileViewSchema });
  app.get('/mind', {
    config: { access: ['mind'] },
    schema: { tags: ['profiles'], summary: "The signed-in mind's own profile and application", response: { 200: mind, ...errors } },
    handler: async (request) => ({ profile: await getMindProfile(app, (await request.requireAuth()).userId) }),
  });
  app.put('/mind', {
    config: { access: ['mind'], rateLimit: writeLimit },
    schema: { tags: ['profiles'], summary: 'Update the mind profile (status unchanged)', body: mindProfileSchema, response: { 200: mind, ...errors } },
    handler: async (request) => ({ profile: await saveMindProfile(app, (await request.requireAuth()).userId, request.body, { submit: false }) }),
  });
  app.post('/mind/application', {
    config: { access: ['mind'], rateLimit: writeLimit },
    schema: {
      tags: ['profiles'],
      summary: 'Save the mind profile, accept the terms and submit (or resubmit) the application: status becomes pending',
      body: mindApplicationSchema,
      response: { 200: mind, ...errors },
    },
    handler: async (request) => ({ profile: await saveMindProfile(app, (await request.requireAuth()).userId, request.body, { submit: true }) }),
  });

  // ---- Client ----
  const client = z.object({ profile: clientProfileViewSchema });
  app.get('/client', {
    config: { access: ['client'] },
    schema: { tags: ['profiles'], summary: "The signed-in client's company profile", response: { 200: client, ...errors } },
    handler: async (request) => ({ profile: await getClientProfile(app, (await request.requireAuth()).userId) }),
  });
  app.put('/client', {
    config: { access: ['client'], rateLimit: writeLimit },
    schema: { tags: ['profiles'], summary: 'Update the company profile', body: clientProfileSchema, response: { 200: client, ...errors } },
    handler: async (request) => ({ profile: await saveClientProfile(app, (await request.requireAuth()).userId, request.body, { submit: false }) }),
  });
  app.post('/client/onboarding', {
    config: { access: ['client'], rateLimit: writeLimit },
    schema: {
      tags: ['profiles'],
      summary: 'Complete client onboarding: save the company profile, accept the terms; status becomes approved',
      body: clientOnboardingSchema,
      response: { 200: client, ...errors },
    },
    handler: async (request) => ({ profile: await saveClientProfile(app, (await request.requireAuth()).userId, request.body, { submit: true }) }),
  });
};
