import type { FastifyInstance } from 'fastify';
import { humanizeCategory } from '../../../domain/admin-schemas';
import { composeEmail, type EmailMessage } from '../../mail/templates';

/** Emails caused by admin decisions. Each is enqueued inside the decision's transaction. */

interface Recipient {
  email: string;
  name: string;
}

const roleLabel = (role: 'maker' | 'mind') => (role === 'maker' ? 'maker' : 'mind');

export const applicationApprovedEmail = (app: FastifyInstance, to: Recipient, role: 'maker' | 'mind'): EmailMessage =>
  composeEmail({ type: 'application-approved', to: to.email, subject: `Your ${app.config.SITE_NAME} application is approved`, siteName: app.config.SITE_NAME }, [
    `Hello ${to.name},`,
    `Good news: we have reviewed your ${roleLabel(role)} application and approved it. Your studio is now visible to clients on the marketplace.`,
    'Open your dashboard to keep your profile and portfolio up to date:',
    `${app.config.PUBLIC_URL}/dashboard-${role}`,
  ]);

export const applicationRejectedEmail = (app: FastifyInstance, to: Recipient, role: 'maker' | 'mind', reason: string | null): EmailMessage =>
  composeEmail({ type: 'application-rejected', to: to.email, subject: `About your ${app.config.SITE_NAME} application`, siteName: app.config.SITE_NAME }, [
    `Hello ${to.name},`,
    `Thank you for applying as a ${roleLabel(role)}. After reviewing your application, we are not able to approve it yet.`,
    reason ? `Our reviewer's note: ${reason}` : 'Our reviewer did not leave a specific note.',
    'You can update your profile and submit it again from your dashboard:',
    `${app.config.PUBLIC_URL}/dashboard-${role}`,
  ]);

export const sealAssignedEmail = (app: FastifyInstance, to: Recipient, userId: string): EmailMessage =>
  composeEmail({ type: 'seal-assigned', to: to.email, subject: 'You have earned the Seal', siteName: app.config.SITE_NAME }, [
    `Hello ${to.name},`,
    `You have completed three projects with documented process work, and we have verified them. Your studio now carries the ${app.config.SITE_NAME} Seal: Verified Human Creator.`,
    `${app.config.PUBLIC_URL}/studio/${userId}`,
  ]);

export const sealRevokedEmail = (app: FastifyInstance, to: Recipient, reason: string | null): EmailMessage =>
  composeEmail({ type: 'seal-revoked', to: to.email, subject: 'About your Seal', siteName: app.config.SITE_NAME }, [
    `Hello ${to.name},`,
    'Our team has removed the Seal from your studio.',
    reason ? `The reason: ${reason}` : 'If you have questions about this decision, reply to this email.',
  ]);

export const projectFlagClearedEmail = (app: FastifyInstance, to: Recipient, title: string, reason: string | null): EmailMessage =>
  composeEmail({ type: 'project-flag-cleared', to: to.email, subject: `Review finished: ${title}`, siteName: app.config.SITE_NAME }, [
    `Hello ${to.name},`,
    `Our team has reviewed the flagged work on "${title}" and cleared the flag. The deliverable is back in review, waiting for the client's approval.`,
    ...(reason ? [`Note from our team: ${reason}`] : []),
  ]);

export const projectCancelledEmail = (app: FastifyInstance, to: Recipient, title: string, reason: string | null): EmailMessage =>
  composeEmail({ type: 'project-cancelled', to: to.email, subject: `Project cancelled: ${title}`, siteName: app.config.SITE_NAME }, [
    `Hello ${to.name},`,
    `After reviewing the flagged work on "${title}", our team has cancelled the project.`,
    ...(reason ? [`The reason: ${reason}`] : []),
    'If you have questions about this decision, reply to this email.',
  ]);

export const matchesReadyEmail = (
  app: FastifyInstance,
  to: Recipient,
  request: { deliverableType: string },
  creators: Array<{ name: string }>,
): EmailMessage =>
  composeEmail({ type: 'white-glove-matches', to: to.email, subject: 'Your 3 curated creators are ready', siteName: app.config.SITE_NAME }, [
    `Hello ${to.name},`,
    `We have hand-picked three creators for your ${humanizeCategory(request.deliverableType)} request:`,
    creators.map((creator) => `• ${creator.name}`).join('\n'),
    'See them under White Glove, View Matches, on your dashboard:',
    `${app.config.PUBLIC_URL}/dashboard-client`,
  ]);
