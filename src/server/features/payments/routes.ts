import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { creatorBalanceSchema, invoiceViewSchema, milestoneFundingSchema, payoutRequestSchema, payoutViewSchema, projectFundingSchema } from '../../../domain/payment-schemas';
import { bankDetailsSchema, payoutDetailsResponseSchema } from '../../../domain/bank-details-schemas';
import { errorBodySchema } from '../../http/schemas';
import { fundMilestone } from './funding';
import { registerInvoiceTimers } from './overdue';
import { getPayoutDetailsView, savePayoutDetails } from './payout-details';
import { PAYOUT_NOT_FOUND, cancelPayout, requestPayout } from './payouts';
import { getInvoicePdf, getReceiptPdf } from './service';
import { stripeRoutes } from './stripe-routes';
import { getCreatorBalance, getProjectFunding, listInvoices } from './views';

export const prefix = '/api/payments';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const notFoundAsUuid = (message: string) => z.uuid({ error: message });

/** Sends a document privately: only its owner and admins reach it, and no cache keeps it. */
const sendPdf = (reply: import('fastify').FastifyReply, document: { filename: string; bytes: Uint8Array }) =>
  reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="${document.filename}"`)
    .send(Buffer.from(document.bytes));

export const routes: FastifyPluginAsyncZod = async (app) => {
  // Connect onboarding and the webhook, when the Stripe provider is on (decision 171).
  await app.register(stripeRoutes);
  registerInvoiceTimers(app);

  app.get('/projects/:projectId', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['payments'],
      summary: "A project's milestones with their funding: its client, its creator and admins; anyone else 404",
      params: z.object({ projectId: notFoundAsUuid('Project not found') }),
      response: { 200: projectFundingSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getProjectFunding(app, await request.requireAuth(), request.params.projectId);
    },
  });

  app.post('/milestones/:milestoneId/fund', {
    config: { access: ['client'] },
    schema: {
      tags: ['payments'],
      summary: 'The client asks to fund an active milestone: an invoice (and a checkout with Stripe); asking again returns the same one',
      params: z.object({ milestoneId: notFoundAsUuid('Milestone not found') }),
      response: { 200: milestoneFundingSchema, ...errors },
    },
    handler: async (request) => fundMilestone(app, await request.requireAuth(), request.params.milestoneId),
  });

  app.get('/invoices', {
    config: { access: ['client'] },
    schema: {
      tags: ['payments'],
      summary: "The client's invoices, newest first",
      response: { 200: z.object({ invoices: z.array(invoiceViewSchema) }), ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { invoices: await listInvoices(app.db, await request.requireAuth()) };
    },
  });

  app.get('/invoices/:paymentId/pdf', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['payments'],
      summary: "An invoice as PDF: its client and admins only; anyone else 404",
      params: z.object({ paymentId: notFoundAsUuid('Invoice not found') }),
      response: { 401: errorBodySchema, 404: errorBodySchema },
    },
    handler: async (request, reply) => sendPdf(reply, await getInvoicePdf(app, await request.requireAuth(), request.params.paymentId)),
  });

  app.get('/balance', {
    config: { access: ['maker', 'mind'] },
    schema: {
      tags: ['payments'],
      summary: "The creator's balances from the ledger (available, in escrow, paid out, earned) and payouts",
      response: { 200: creatorBalanceSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getCreatorBalance(app, await request.requireAuth());
    },
  });

  app.get('/payout-details', {
    config: { access: ['maker', 'mind'] },
    schema: {
      tags: ['payments'],
      summary: "Where the creator is paid: their own details only, the account number masked but for its last 4 characters",
      response: { 200: payoutDetailsResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { details: await getPayoutDetailsView(app.accountCipher, app.db, await request.requireAuth()) };
    },
  });

  app.put('/payout-details', {
    config: { access: ['maker', 'mind'] },
    schema: {
      tags: ['payments'],
      summary: 'Save where the creator is paid (emails them that it changed); requested payouts keep the details they were asked with',
      body: bankDetailsSchema,
      response: { 200: payoutDetailsResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { details: await savePayoutDetails(app, await request.requireAuth(), request.body) };
    },
  });

  app.post('/payouts', {
    config: { access: ['maker', 'mind'] },
    schema: {
      tags: ['payments'],
      summary: 'The creator asks to be paid part of their available balance (at least $1)',
      body: payoutRequestSchema,
      response: { 201: payoutViewSchema, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await requestPayout(app, await request.requireAuth(), request.body.amountCents)),
  });

  app.post('/payouts/:payoutId/cancel', {
    config: { access: ['maker', 'mind'] },
    schema: {
      tags: ['payments'],
      summary: "The creator cancels their own payout request while it waits to be paid; the amount is available again. Anyone else's: 404",
      params: z.object({ payoutId: notFoundAsUuid(PAYOUT_NOT_FOUND) }),
      response: { 200: payoutViewSchema, ...errors },
    },
    handler: async (request) => cancelPayout(app, await request.requireAuth(), request.params.payoutId),
  });

  app.get('/payouts/:payoutId/receipt', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['payments'],
      summary: "A paid payout's receipt as PDF: its creator and admins only; anyone else 404",
      params: z.object({ payoutId: notFoundAsUuid('Receipt not found') }),
      response: { 401: errorBodySchema, 404: errorBodySchema },
    },
    handler: async (request, reply) => sendPdf(reply, await getReceiptPdf(app, await request.requireAuth(), request.params.payoutId)),
  });
};
