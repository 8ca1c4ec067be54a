import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminHistoryQuerySchema,
  adminPaymentHistorySchema,
  adminPaymentsSchema,
  adminPayoutHistorySchema,
  failedStripeJobsSchema,
  invoiceViewSchema,
  paymentReceivedSchema,
  payoutPaidSchema,
  refundSentSchema,
  payoutViewSchema,
  reconciliationSchema,
  STRIPE_JOB_MESSAGES,
  stripeJobViewSchema,
} from '../../../domain/payment-schemas';
import { errorBodySchema } from '../../http/schemas';
import { recordPayoutPaid } from '../payments/payouts';
import { recordRefundSent } from '../payments/refunds';
import { recordManualPayment } from '../payments/service';
import { listFailedStripeJobs, retryStripeJob } from '../payments/stripe-job-admin';
import { getAdminPayments, getReconciliation, reconciliationCsv } from '../payments/views';
import { listPaidPayouts, listRecordedPayments } from './history';

/**
 * The admin's side of money (decision 170): payments to confirm, payouts to pay, the reconciliation, (decision 171)
 * the Stripe transfers and refunds whose attempts ran out, and (decision 177) the history of what was recorded.
 */
export const prefix = '/api/admin';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/payments', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: "Manual payments waiting for 'Payment received', and payout requests waiting to be paid",
      response: { 200: adminPaymentsSchema, ...errors },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getAdminPayments(app);
    },
  });

  app.get('/payments/history', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Payments recorded as received, newest first, paged by keyset (`cursor` from the previous page)',
      querystring: adminHistoryQuerySchema,
      response: { 200: adminPaymentHistorySchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listRecordedPayments(app, request.query.cursor);
    },
  });

  app.get('/payouts/history', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Payouts recorded as paid, with their receipts, newest first, paged by keyset (`cursor` from the previous page)',
      querystring: adminHistoryQuerySchema,
      response: { 200: adminPayoutHistorySchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listPaidPayouts(app, request.query.cursor);
    },
  });

  app.get('/payments/reconciliation', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Every ledger account with its balance; the total is always 0',
      response: { 200: reconciliationSchema, ...errors },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const { ownerNames: _names, ...reconciliation } = await getReconciliation(app.db);
      return reconciliation;
    },
  });

  app.get('/payments/reconciliation.csv', {
    config: { access: ['admin'] },
    schema: { tags: ['admin'], summary: 'The reconciliation as CSV: one line per account, then the total' },
    handler: async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="reconciliation.csv"')
        .send(await reconciliationCsv(app.db)),
  });

  app.get('/payments/stripe-jobs', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Stripe transfers and refunds whose attempts ran out, with what they were for and the last error',
      response: { 200: failedStripeJobsSchema, ...errors },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { jobs: await listFailedStripeJobs(app) };
    },
  });

  app.post('/payments/stripe-jobs/:jobId/retry', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Try a failed Stripe transfer or refund again: it is set pending and due now (audited)',
      params: z.object({ jobId: z.uuid({ error: STRIPE_JOB_MESSAGES.notFound }) }),
      response: { 200: stripeJobViewSchema, ...errors },
    },
    handler: async (request) => retryStripeJob(app, await request.requireAuth(), request.params.jobId),
  });

  app.post('/payments/:paymentId/received', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: "Record a manual payment as received: the money goes into the project's escrow",
      params: z.object({ paymentId: z.uuid({ error: 'Payment not found' }) }),
      body: paymentReceivedSchema,
      response: { 200: invoiceViewSchema, ...errors },
    },
    handler: async (request) => recordManualPayment(app, await request.requireAuth(), request.params.paymentId, request.body.reference),
  });

  app.post('/payouts/:payoutId/paid', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Record a payout request as paid, with the transfer reference; issues the receipt',
      params: z.object({ payoutId: z.uuid({ error: 'Payout not found' }) }),
      body: payoutPaidSchema,
      response: { 200: payoutViewSchema, ...errors },
    },
    handler: async (request) => recordPayoutPaid(app, await request.requireAuth(), request.params.payoutId, request.body.reference),
  });

  app.post('/refunds/:refundId/sent', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Record a refund owed by bank transfer as sent, with the transfer reference; the client is told (audited)',
      params: z.object({ refundId: z.uuid({ error: 'Refund not found' }) }),
      body: refundSentSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await recordRefundSent(app, await request.requireAuth(), request.params.refundId, request.body.reference);
      return reply.status(204).send(null);
    },
  });
};
