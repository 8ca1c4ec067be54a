import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORM_NAME_FIELD, type PostedFormName } from '../../../domain/posted-form';
import { handlePagePost } from './service';

export const prefix = '';

/** Enough for the longest form (a pasted credential of 20,000 characters, percent-encoded) with room to spare. */
const FORM_BODY_LIMIT = 96 * 1024;

/** Each page takes only its own forms. */
const PAGE_FORMS = {
  '/auth': ['login', 'signup'],
  '/contact': ['contact'],
  '/marketplace': ['creator-contact'],
  '/reset-password': ['reset-request', 'reset-password'],
  '/verify': ['verify'],
} as const satisfies Record<string, readonly [PostedFormName, ...PostedFormName[]]>;

const formBody = (forms: readonly [PostedFormName, ...PostedFormName[]]) => z.object({ [FORM_NAME_FIELD]: z.enum(forms) }).catchall(z.string().optional());

/**
 * The public pages' forms, posted by the browser itself: before the app's scripts have run, or without them
 * (docs/decisions/105-forms-before-scripts.md). Form-encoded bodies are read only here; the JSON API still
 * accepts JSON alone.
 */
export const routes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    // The first value of each name counts, as URLSearchParams.get would read it.
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(String(body))) if (!Object.hasOwn(fields, name)) fields[name] = value;
    done(null, fields);
  });

  for (const [page, forms] of Object.entries(PAGE_FORMS)) {
    app.post(page, {
      config: { access: 'public' },
      schema: { hide: true, body: formBody(forms) },
      handler: async (request, reply) => handlePagePost(app, request, reply, request.body[FORM_NAME_FIELD], request.body),
    });
  }
};
