import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatMoneyCents } from '../../../domain/payment-schemas';
import { dashboardPath } from '../../../domain/routes';
import type { Transaction } from '../../db/client';
import { projects } from '../../db/schema';
import { composeEmail } from '../../mail/templates';
import { recordProjectEvent } from '../conversations/threads';
import { notify } from '../notifications/service';
import { creatorOf } from '../projects/access';
import { findContacts } from '../projects/creators';
import { enqueueProjectEmail, projectEventPath, projectEventTitle } from '../projects/emails';
import type { ProjectRow } from '../projects/views';
import type { PaymentRow } from './provider';

export type MoneyEvent = 'funding_requested' | 'payment_received' | 'funds_released' | 'funds_refunded' | 'funds_split';

/**
 * Tells both sides of a project about a money event, in the event's transaction: a line in their thread, a
 * notification ('project' kind, decision 145) and an email each; the email is transactional, sent even to someone who
 * turned project emails off. `only` limits it to one side (an invoice concerns the client alone).
 */
export const tellMoneyEvent = async (
  app: FastifyInstance,
  tx: Transaction,
  event: MoneyEvent,
  input: { project: ProjectRow; detail: string; only?: 'client'; thread?: boolean },
): Promise<void> => {
  const { project, detail } = input;
  const creator = creatorOf(project);
  const actor = { userId: null, name: app.config.SITE_NAME };
  if (creator && input.thread !== false) await recordProjectEvent(tx, { event, project, creatorId: creator.id, actor, detail });
  const recipients = [{ id: project.clientId, role: 'client' as const }, ...(creator && input.only !== 'client' ? [creator] : [])];
  const contacts = await findContacts(tx, recipients.map((recipient) => recipient.id));
  for (const recipient of recipients) {
    await notify(tx, {
      userId: recipient.id,
      kind: 'project',
      subjectKey: `project:${project.id}:${event}:${randomUUID()}`,
      title: projectEventTitle(event, project.title),
      // The detail names the milestone and the amounts, so one project's invoices and payments tell apart.
      body: `${detail.charAt(0).toUpperCase()}${detail.slice(1)}`,
      link: projectEventPath(event, recipient.role, project.id),
    });
    const contact = contacts.get(recipient.id);
    if (contact) await enqueueProjectEmail(app, tx, event, { project, to: { ...contact, dashboard: recipient.role }, actorName: app.config.SITE_NAME, detail });
  }
};

/**
 * A card or bank-debit payment that Stripe accepted, then reported failed (checkout.session.async_payment_failed;
 * decision 220): the client alone is told, in the app and by an email sent whatever their settings (a money event),
 * that nothing was taken and that 'Pay by card' opens a new checkout. Not in the thread: it is their business.
 */
export const tellCheckoutFailed = async (app: FastifyInstance, tx: Transaction, payment: PaymentRow): Promise<void> => {
  if (!payment.clientId || !payment.projectId) return;
  const [project] = await tx.select().from(projects).where(eq(projects.id, payment.projectId));
  if (!project) return;
  const detail = `invoice ${payment.invoiceNumber}, ${formatMoneyCents(payment.amountCents)} for milestone ${payment.milestonePosition} (“${payment.milestoneTitle}”)`;
  await notify(tx, {
    userId: payment.clientId,
    kind: 'project',
    subjectKey: `payment:${payment.id}:failed:${payment.providerRef ?? ''}`,
    title: projectEventTitle('payment_failed', project.title),
    body: `${detail.charAt(0).toUpperCase()}${detail.slice(1)}: nothing was taken. Choose 'Pay by card' on the project to try again.`,
    link: projectEventPath('payment_failed', 'client', project.id),
  });
  const contact = (await findContacts(tx, [payment.clientId])).get(payment.clientId);
  if (contact) await enqueueProjectEmail(app, tx, 'payment_failed', { project, to: { ...contact, dashboard: 'client' }, actorName: app.config.SITE_NAME, detail });
};

/**
 * A paid payout: a notification ('account' kind) and an email with the receipt's number; money receipts always go.
 * Both lead to the Earnings tab, where the receipt is listed with the payout: the receipt's own address is an API
 * route that answers a signed-out reader (most mail clients open links signed out) with bare JSON.
 */
export const tellPayoutPaid = async (app: FastifyInstance, tx: Transaction, payout: { id: string; creatorId: string; role: 'maker' | 'mind'; amount: string; receiptNumber: string; reference: string }) => {
  const [contact] = [...(await findContacts(tx, [payout.creatorId])).values()];
  const earnings = `${dashboardPath(payout.role)}?tab=earnings`;
  await notify(tx, {
    userId: payout.creatorId,
    kind: 'account',
    subjectKey: `payout:${payout.id}:paid`,
    title: `Payout sent: ${payout.amount}`,
    body: `Receipt ${payout.receiptNumber}`,
    link: earnings,
  });
  if (!contact) return;
  await app.mailer.enqueue(
    composeEmail({ type: 'payout-paid', to: contact.email, subject: `Your payout of ${payout.amount} was sent`, siteName: app.config.SITE_NAME }, [
      `Hello ${contact.name},`,
      `We sent your payout of ${payout.amount} (reference ${payout.reference}).`,
      `Your receipt ${payout.receiptNumber} is ready to download from the Earnings tab of your dashboard, under Payouts:`,
      `${app.config.PUBLIC_URL}${earnings}`,
    ]),
    tx,
  );
};
