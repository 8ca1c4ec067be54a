import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DAY_MS } from '../../../domain/dates';
import { formatDueDate, formatMoneyCents, isOverdue } from '../../../domain/payment-schemas';
import type { Transaction } from '../../db/client';
import { payments, projects } from '../../db/schema';
import { scheduleJob } from '../../jobs/scheduler';
import { notify } from '../notifications/service';
import { findContacts } from '../projects/creators';
import { enqueueProjectEmail, projectEventPath, projectEventTitle } from '../projects/emails';
import type { PaymentRow } from './provider';

export const JOB_INVOICE_OVERDUE = 'payments.invoice_overdue';
const overduePayload = z.object({ paymentId: z.uuid() });

/** The moment an invoice becomes overdue: the start (UTC) of the day after its due date, as `isOverdue` counts it. */
export const overdueAt = (dueDate: string): Date => new Date(Date.parse(`${dueDate}T00:00:00Z`) + DAY_MS);

/** Sets the invoice's overdue reminder in the transaction that issues it (decision 179). */
export const scheduleOverdueReminder = async (tx: Transaction, invoice: PaymentRow): Promise<void> => {
  if (!invoice.dueDate) return;
  await scheduleJob(tx, {
    kind: JOB_INVOICE_OVERDUE,
    key: `${JOB_INVOICE_OVERDUE}:${invoice.id}`,
    runAt: overdueAt(invoice.dueDate),
    payload: { paymentId: invoice.id },
  });
};

/**
 * The reminder's action: if the invoice is still unpaid past its due date, the client is told once, in-app and by
 * email, with the invoice's number, amount and due date. A paid or voided invoice, or a cancelled project's, is left alone.
 */
export const registerInvoiceTimers = (app: FastifyInstance): void => {
  app.jobs.handle(JOB_INVOICE_OVERDUE, async ({ tx, job, now }) => {
    const { paymentId } = overduePayload.parse(job.payload);
    const [invoice] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!invoice || !isOverdue(invoice, now) || !invoice.projectId || !invoice.clientId || !invoice.dueDate) return;
    const [project] = await tx.select().from(projects).where(eq(projects.id, invoice.projectId));
    if (!project) return;
    const detail = `invoice ${invoice.invoiceNumber}, ${formatMoneyCents(invoice.amountCents)}, was due by ${formatDueDate(invoice.dueDate)}`;
    // The client alone, and not in the thread: it is a reminder about their invoice, not news of the project.
    await notify(tx, {
      userId: invoice.clientId,
      kind: 'project',
      subjectKey: `payment:${invoice.id}:overdue`,
      title: projectEventTitle('invoice_overdue', project.title),
      body: `${detail.charAt(0).toUpperCase()}${detail.slice(1)}`,
      link: projectEventPath('invoice_overdue', 'client', project.id),
    });
    const contact = (await findContacts(tx, [invoice.clientId])).get(invoice.clientId);
    if (contact) {
      await enqueueProjectEmail(app, tx, 'invoice_overdue', { project, to: { ...contact, dashboard: 'client' }, actorName: app.config.SITE_NAME, detail });
    }
  });
};
