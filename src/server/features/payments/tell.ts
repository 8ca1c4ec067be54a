import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { dashboardPath } from '../../../domain/routes';
import type { Transaction } from '../../db/client';
import { composeEmail } from '../../mail/templates';
import { recordProjectEvent } from '../conversations/threads';
import { notify } from '../notifications/service';
import { creatorOf } from '../projects/access';
import { findContacts } from '../projects/creators';
import { enqueueProjectEmail, projectEventTitle } from '../projects/emails';
import type { ProjectRow } from '../projects/views';

export type MoneyEvent = 'funding_requested' | 'payment_received' | 'funds_released' | 'funds_refunded' | 'funds_split';

/**
 * Tells both sides of a project about a money event, in the event's transaction: a line in their thread, a
 * notification and an email each ('project' kind, decision 145). `only` limits it to one side (an invoice concerns
 * the client alone).
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
      body: `From ${app.config.SITE_NAME}`,
      link: dashboardPath(recipient.role),
    });
    const contact = contacts.get(recipient.id);
    if (contact) await enqueueProjectEmail(app, tx, event, { project, to: { ...contact, dashboard: recipient.role }, actorName: app.config.SITE_NAME, detail });
  }
};

/** A paid payout: a notification ('account' kind) and an email with the receipt's number; money receipts always go. */
export const tellPayoutPaid = async (app: FastifyInstance, tx: Transaction, payout: { id: string; creatorId: string; role: 'maker' | 'mind'; amount: string; receiptNumber: string; reference: string }) => {
  const [contact] = [...(await findContacts(tx, [payout.creatorId])).values()];
  await notify(tx, {
    userId: payout.creatorId,
    kind: 'account',
    subjectKey: `payout:${payout.id}:paid`,
    title: `Payout sent: ${payout.amount}`,
    body: `Receipt ${payout.receiptNumber}`,
    link: dashboardPath(payout.role),
  });
  if (!contact) return;
  await app.mailer.enqueue(
    composeEmail({ type: 'payout-paid', to: contact.email, subject: `Your payout of ${payout.amount} was sent`, siteName: app.config.SITE_NAME }, [
      `Hello ${contact.name},`,
      `We sent your payout of ${payout.amount} (reference ${payout.reference}).`,
      `Your receipt ${payout.receiptNumber} is ready to download from your earnings page.`,
      `${app.config.PUBLIC_URL}/api/payments/payouts/${payout.id}/receipt`,
    ]),
    tx,
  );
};
