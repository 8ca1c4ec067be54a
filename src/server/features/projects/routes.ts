import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignCreatorSchema, createProjectSchema, projectListSchema, projectSummarySchema, projectViewSchema } from '../../../domain/project-schemas';
import { errorBodySchema } from '../../http/schemas';
import { readUpload } from '../../storage/upload-request';
import {
  acceptProject,
  approveProject,
  assignCreator,
  cancelProject,
  createProject,
  declineProject,
  flagProject,
  getProject,
  listMyProjects,
  allowProjectExtraRevision,
  requestProjectRevision,
} from './service';
import { answerNoteSchema, declineNoteSchema, sendOfferSchema } from '../../../domain/milestones';
import { respondToOffer, sendOffer } from './offers';
import { registerMilestoneTimers } from './timers';
import { getProjectSummary } from './summary';
import { addProcessDoc, precheckProjectAction, submitDeliverable } from './uploads';
import { withdrawFromProject } from './ending';

export const prefix = '/api/projects';

const params = z.object({ id: z.uuid() });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const one = { 200: projectViewSchema, ...errors };

type Service = typeof acceptProject;

const offerParams = z.object({ id: z.uuid(), version: z.coerce.number().int().min(1).max(10_000) });

export const routes: FastifyPluginAsyncZod = async (app) => {
  registerMilestoneTimers(app);

  app.get('/', {
    config: { access: ['client', 'maker', 'mind'] },
    schema: { tags: ['projects'], summary: "The caller's projects (as client or as assigned creator), newest first", response: { 200: projectListSchema, ...errors } },
    handler: async (request) => ({ projects: await listMyProjects(app, await request.requireAuth()) }),
  });

  app.get('/summary', {
    config: { access: ['client', 'maker', 'mind'] },
    schema: {
      tags: ['projects'],
      summary: "Stat-card figures: the caller's projects by status and, for makers and minds, total earnings",
      response: { 200: projectSummarySchema, ...errors },
    },
    handler: async (request) => getProjectSummary(app, await request.requireAuth()),
  });

  app.get('/:id', {
    config: { access: 'authenticated' },
    schema: { tags: ['projects'], summary: "One project, for its client, its creator or an admin", params, response: one },
    handler: async (request) => getProject(app, await request.requireAuth(), request.params.id),
  });

  app.post('/', {
    config: { access: ['client'] },
    schema: {
      tags: ['projects'],
      summary: 'Create a draft project, optionally with an approved creator (a creator new to the client counts as a new conversation: 429 past 10 a day)',
      body: createProjectSchema,
      response: { 201: projectViewSchema, ...errors, 429: errorBodySchema },
    },
    handler: async (request, reply) => reply.status(201).send(await createProject(app, await request.requireAuth(), request.body)),
  });

  app.post('/:id/assign', {
    config: { access: ['client'] },
    schema: {
      tags: ['projects'],
      summary: 'Assign an approved creator to your unassigned draft (a creator new to the client counts as a new conversation: 429 past 10 a day)',
      params,
      body: assignCreatorSchema,
      response: { ...one, 429: errorBodySchema },
    },
    handler: async (request) => assignCreator(app, await request.requireAuth(), request.params.id, request.body.creatorId),
  });

  const transition = (path: string, access: ['client'] | ['maker', 'mind'], summary: string, service: Service) =>
    app.post(path, {
      config: { access },
      schema: { tags: ['projects'], summary, params, response: one },
      handler: async (request) => service(app, await request.requireAuth(), request.params.id),
    });
  transition('/:id/cancel', ['client'], 'Cancel your own draft', cancelProject);
  transition('/:id/accept', ['maker', 'mind'], 'Accept a draft you are assigned to (draft → active)', acceptProject);
  transition('/:id/decline', ['maker', 'mind'], 'Decline a draft you are assigned to (→ cancelled, assignment cleared)', declineProject);
  transition('/:id/approve', ['client'], "Approve the submitted milestone (its amount goes to the creator's earnings; the last one completes the project)", approveProject);
  transition('/:id/flag', ['client'], 'Flag work in review for an admin (stays in review)', flagProject);

  app.post('/:id/offers', {
    config: { access: ['maker', 'mind'] },
    schema: {
      tags: ['projects'],
      summary: 'Send an offer on a draft you are assigned to: a price, 1 to 10 milestones adding up to it, revision rounds and a note',
      params,
      body: sendOfferSchema,
      response: { 201: projectViewSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await sendOffer(app, await request.requireAuth(), request.params.id, request.body)),
  });

  app.post('/:id/offers/:version/accept', {
    config: { access: ['client'] },
    schema: { tags: ['projects'], summary: 'Accept the latest offer (draft → active, with its milestones)', params: offerParams, response: one },
    handler: async (request) => respondToOffer(app, await request.requireAuth(), request.params.id, request.params.version, 'accept', null),
  });

  const answer = (path: string, kind: 'decline' | 'request_changes', summary: string) =>
    app.post(path, {
      config: { access: ['client'] },
      // A decline says why; asking for changes says what should change (each with its own message).
      schema: { tags: ['projects'], summary, params: offerParams, body: kind === 'decline' ? declineNoteSchema : answerNoteSchema, response: one },
      handler: async (request) => respondToOffer(app, await request.requireAuth(), request.params.id, request.params.version, kind, request.body.note),
    });
  answer('/:id/offers/:version/decline', 'decline', 'Decline the latest offer with a reason (the draft is yours to assign again)');
  answer('/:id/offers/:version/request-changes', 'request_changes', 'Ask for changes to the latest offer; the creator sends a new version');

  app.post('/:id/revision', {
    config: { access: ['client'] },
    schema: { tags: ['projects'], summary: 'Ask for a revision of the submitted milestone, with a note (uses one revision round)', params, body: answerNoteSchema, response: one },
    handler: async (request) => requestProjectRevision(app, await request.requireAuth(), request.params.id, request.body.note),
  });

  app.post('/:id/withdraw', {
    config: { access: ['maker', 'mind'] },
    schema: {
      tags: ['projects'],
      summary: 'Withdraw from an active project whose current milestone is not submitted, saying why (→ cancelled; money held for unapproved work is refunded)',
      params,
      body: declineNoteSchema,
      response: one,
    },
    handler: async (request) => withdrawFromProject(app, await request.requireAuth(), request.params.id, request.body.note),
  });

  app.post('/:id/allow-extra-revision', {
    config: { access: ['maker', 'mind', 'admin'] },
    schema: { tags: ['projects'], summary: 'Allow one more revision round than the offer included (the assigned creator, or an admin)', params, response: one },
    handler: async (request) => allowProjectExtraRevision(app, await request.requireAuth(), request.params.id),
  });

  app.post('/:id/process-docs', {
    config: { access: ['maker', 'mind'], rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags: ['projects'],
      summary: 'Upload a process screenshot (multipart: file, optional description) while the project is active',
      consumes: ['multipart/form-data'],
      params,
      response: { 201: projectViewSchema, ...errors, 413: errorBodySchema },
    },
    handler: async (request, reply) => {
      const auth = await request.requireAuth();
      await precheckProjectAction(app, auth, request.params.id, 'upload_process_doc');
      const upload = await readUpload(request, 'processScreenshot');
      return reply.status(201).send(await addProcessDoc(app, auth, request.params.id, upload));
    },
  });

  app.post('/:id/deliverable', {
    config: { access: ['maker', 'mind'], rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags: ['projects'],
      summary: "Submit the current milestone's deliverable (multipart: an image or PDF up to 20 MB) while active (→ in_review)",
      consumes: ['multipart/form-data'],
      params,
      response: { ...one, 413: errorBodySchema },
    },
    handler: async (request) => {
      const auth = await request.requireAuth();
      await precheckProjectAction(app, auth, request.params.id, 'submit_deliverable');
      const upload = await readUpload(request, 'deliverable');
      return submitDeliverable(app, auth, request.params.id, upload);
    },
  });
};
