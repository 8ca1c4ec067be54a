import type { FastifyInstance } from 'fastify';
import { HONEYPOT_FIELD, type ContactRequest } from '../../../domain/contact-schemas';
import { MARKETPLACE_MESSAGES } from '../../../domain/marketplace';
import { contactSubmissions } from '../../db/schema';
import { notFound } from '../../http/errors';
import { findApprovedCreator } from '../creators/visibility';
import { contactPageEmail, marketplaceContactEmail } from './emails';

export type ContactOutcome = 'stored' | 'dropped';

/** Bots fill every field they find; people never see this one. */
const isBot = (input: ContactRequest): boolean => (input[HONEYPOT_FIELD] ?? '').trim() !== '';

/** A Contact page message: stored for the admins and emailed to CONTACT_INBOX, both or neither. */
export const submitContactMessage = async (app: FastifyInstance, input: ContactRequest): Promise<ContactOutcome> => {
  if (isBot(input)) return 'dropped';
  await app.db.transaction(async (tx) => {
    await tx.insert(contactSubmissions).values({
      name: input.name,
      email: input.email,
      message: input.message,
      status: 'new',
      source: 'contact_page',
    });
    await app.mailer.enqueue(
      contactPageEmail({ ...input, siteName: app.config.SITE_NAME, inbox: app.config.CONTACT_INBOX }),
      tx,
    );
  });
  return 'stored';
};

/** A message about one creator from the marketplace. Only public (approved) creators can be contacted. */
export const contactCreator = async (app: FastifyInstance, creatorId: string, input: ContactRequest): Promise<ContactOutcome> => {
  const creator = await findApprovedCreator(app.db, creatorId);
  if (!creator) throw notFound(MARKETPLACE_MESSAGES.notFound);
  if (isBot(input)) return 'dropped';
  await app.db.transaction(async (tx) => {
    await tx.insert(contactSubmissions).values({
      name: input.name,
      email: input.email,
      message: input.message,
      status: 'new',
      source: 'marketplace',
      creatorId: creator.id,
      creatorName: creator.name,
    });
    await app.mailer.enqueue(
      marketplaceContactEmail({
        ...input,
        siteName: app.config.SITE_NAME,
        inbox: app.config.CONTACT_INBOX,
        creatorName: creator.name,
        studioUrl: `${app.config.PUBLIC_URL}/studio/${creator.id}`,
      }),
      tx,
    );
  });
  return 'stored';
};
