// Test support: the conversation records of the ownership matrix (a thread of client A and mind A with a message,
// an attachment, a notification and two reports; and client A's thread with maker A, whose project is flagged, so an
// admin may read it), and their cases.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { multipart, pngBuffer, projectPayload, putInReview } from '../support/project-fixtures';
import type { TestContext, TestUser } from '../support/harness';
import type { OwnershipWorld } from './ownership-records';

type Call = readonly [label: string, user: TestUser | null, status: number];

export interface ConversationWorld {
  conversationId: string;
  mindMessageId: string;
  attachmentUrl: string;
  notificationId: string;
  reportToDismiss: string;
  reportToRemove: string;
  /** Client A's thread with maker A, readable by an admin while its project's flag is open, and maker A's message in it. */
  flagged: { conversationId: string; makerMessageId: string };
}

export const arrangeConversationWorld = async (ctx: TestContext, w: OwnershipWorld): Promise<ConversationWorld> => {
  const started = await ctx.inject(w.clientA, { method: 'POST', url: '/api/conversations', payload: { creatorId: w.mindA.id, body: 'Hello', clientMessageId: randomUUID() } });
  expect(started.statusCode, started.body).toBeLessThan(300);
  const conversationId = started.json().conversationId as string;
  const say = async (body: string) =>
    (await ctx.inject(w.mindA, { method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: { body, clientMessageId: randomUUID() } })).json().message.id as string;
  const mindMessageId = await say('A reply');
  const image = multipart({ data: await pngBuffer(), filename: 'sketch.png', contentType: 'image/png' }, { clientMessageId: randomUUID() });
  const attached = await ctx.inject(w.mindA, { method: 'POST', url: `/api/conversations/${conversationId}/attachments`, payload: image.payload, headers: image.headers });
  const notificationId = (await ctx.inject(w.clientA, { method: 'GET', url: '/api/notifications' })).json().notifications[0].id as string;
  const reported = [await say('Reported one'), await say('Reported two')];
  for (const messageId of reported) await ctx.inject(w.clientA, { method: 'POST', url: `/api/conversations/${conversationId}/messages/${messageId}/report`, payload: {} });
  const reports = (await ctx.inject(w.admin, { method: 'GET', url: '/api/admin/reports' })).json().reports as Array<{ id: string; message: { id: string } }>;
  const reportOf = (messageId: string) => reports.find((report) => report.message.id === messageId)!.id;
  // A project of client A and maker A, flagged in review: its thread is open to an admin, to read only.
  const project = await ctx.inject(w.clientA, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: w.makerA.id, title: 'Flagged label' }) });
  expect(project.statusCode, project.body).toBe(201);
  const { id: projectId, conversationId: flaggedThread } = project.json() as { id: string; conversationId: string };
  expect((await ctx.inject(w.makerA, { method: 'POST', url: `/api/projects/${projectId}/accept` })).statusCode).toBe(200);
  await putInReview(ctx.db, projectId, `/files/deliverables/${w.makerA.id}/${projectId}/deliverable.png`);
  expect((await ctx.inject(w.clientA, { method: 'POST', url: `/api/projects/${projectId}/flag` })).statusCode).toBe(200);
  const makerSaid = await ctx.inject(w.makerA, { method: 'POST', url: `/api/conversations/${flaggedThread}/messages`, payload: { body: 'It was delivered', clientMessageId: randomUUID() } });
  expect(makerSaid.statusCode, makerSaid.body).toBe(201);
  return {
    flagged: { conversationId: flaggedThread, makerMessageId: makerSaid.json().message.id as string },
    conversationId,
    mindMessageId,
    attachmentUrl: attached.json().message.attachments[0].url,
    notificationId,
    reportToDismiss: reportOf(reported[0]),
    reportToRemove: reportOf(reported[1]),
  };
};

export interface ConversationCase {
  route: string;
  request: () => InjectOptions | Promise<InjectOptions>;
  denied: Call[];
  allowed: Call[];
}

export const conversationCases = (w: OwnershipWorld, c: ConversationWorld): ConversationCase[] => {
  const { clientA, clientB, makerA, makerB, mindA, mindB, admin } = w;
  const outsiders: Call[] = [['anonymous', null, 401], ['client B', clientB, 404], ['maker B', makerB, 404], ['mind B', mindB, 404], ['maker A, not in it', makerA, 404]];
  const base = `/api/conversations/${c.conversationId}`;
  const nonAdmins: Call[] = [['anonymous', null, 401], ['client A', clientA, 403], ['mind A', mindA, 403]];
  const flaggedBase = `/api/conversations/${c.flagged.conversationId}`;
  const adminOnFlagged: Call = ['admin, who may read this flagged thread', admin, 403];
  return [
    // An admin reads a thread only while a project linked to it has an open flag (decision 140); this one has none.
    {
      route: 'GET /api/conversations/:id',
      request: () => ({ method: 'GET', url: base }),
      denied: [...outsiders, ['admin', admin, 404]],
      allowed: [['client A', clientA, 200], ['mind A', mindA, 200]],
    },
    {
      route: 'POST /api/conversations/:id/messages',
      request: () => ({ method: 'POST', url: `${base}/messages`, payload: { body: 'Hi', clientMessageId: randomUUID() } }),
      denied: outsiders,
      allowed: [['client A', clientA, 201]],
    },
    { route: 'POST /api/conversations/:id/read', request: () => ({ method: 'POST', url: `${base}/read`, payload: { seq: 1 } }), denied: outsiders, allowed: [['client A', clientA, 204]] },
    {
      route: 'POST /api/conversations/:id/messages/:messageId/report',
      request: () => ({ method: 'POST', url: `${base}/messages/${c.mindMessageId}/report`, payload: {} }),
      denied: outsiders,
      allowed: [['client A', clientA, 201]],
    },
    {
      route: 'POST /api/conversations/:id/attachments',
      request: async () => {
        const body = multipart({ data: await pngBuffer('#335577'), filename: 'x.png', contentType: 'image/png' }, { clientMessageId: randomUUID() });
        return { method: 'POST', url: `${base}/attachments`, payload: body.payload, headers: body.headers };
      },
      denied: outsiders,
      allowed: [['client A', clientA, 201]],
    },
    {
      route: 'GET /api/conversations/:id/attachments/:attachmentId',
      request: () => ({ method: 'GET', url: c.attachmentUrl }),
      denied: [...outsiders, ['admin', admin, 404]],
      allowed: [['client A', clientA, 200], ['mind A', mindA, 200]],
    },
    {
      route: 'POST /api/notifications/:id/read',
      request: () => ({ method: 'POST', url: `/api/notifications/${c.notificationId}/read`, payload: {} }),
      denied: [['anonymous', null, 401], ['client B', clientB, 404], ['mind A', mindA, 404], ['admin', admin, 404]],
      allowed: [['client A', clientA, 204]],
    },
    { route: 'POST /api/admin/reports/:id/dismiss', request: () => ({ method: 'POST', url: `/api/admin/reports/${c.reportToDismiss}/dismiss`, payload: {} }), denied: nonAdmins, allowed: [['admin', admin, 204]] },
    { route: 'POST /api/admin/reports/:id/remove', request: () => ({ method: 'POST', url: `/api/admin/reports/${c.reportToRemove}/remove`, payload: {} }), denied: nonAdmins, allowed: [['admin', admin, 204]] },
    // An admin reads a flagged project's thread, and writes nothing in it: no report, no file, no block, no unblock (403,
    // requireParticipant). Each participant's row after shows the refusal is the admin's alone.
    {
      route: 'GET /api/conversations/:id',
      request: () => ({ method: 'GET', url: flaggedBase }),
      denied: [...outsiders.filter(([, user]) => user !== makerA), ['mind A, not in it', mindA, 404]],
      allowed: [['admin, on a thread with an open flag', admin, 200], ['client A', clientA, 200]],
    },
    {
      route: 'POST /api/conversations/:id/messages/:messageId/report',
      request: () => ({ method: 'POST', url: `${flaggedBase}/messages/${c.flagged.makerMessageId}/report`, payload: {} }),
      denied: [adminOnFlagged],
      allowed: [['client A', clientA, 201]],
    },
    {
      route: 'POST /api/conversations/:id/attachments',
      request: async () => {
        const body = multipart({ data: await pngBuffer('#553377'), filename: 'y.png', contentType: 'image/png' }, { clientMessageId: randomUUID() });
        return { method: 'POST', url: `${flaggedBase}/attachments`, payload: body.payload, headers: body.headers };
      },
      denied: [adminOnFlagged],
      allowed: [['maker A', makerA, 201]],
    },
    { route: 'POST /api/conversations/:id/block', request: () => ({ method: 'POST', url: `${flaggedBase}/block`, payload: {} }), denied: [adminOnFlagged], allowed: [['maker A', makerA, 204]] },
    { route: 'POST /api/conversations/:id/unblock', request: () => ({ method: 'POST', url: `${flaggedBase}/unblock`, payload: {} }), denied: [adminOnFlagged], allowed: [['maker A', makerA, 204]] },
    // Last: after a block nobody writes here any more.
    { route: 'POST /api/conversations/:id/block', request: () => ({ method: 'POST', url: `${base}/block`, payload: {} }), denied: outsiders, allowed: [['mind A', mindA, 204]] },
    // The other participant cannot lift mind A's block (409); mind A can.
    {
      route: 'POST /api/conversations/:id/unblock',
      request: () => ({ method: 'POST', url: `${base}/unblock`, payload: {} }),
      denied: [...outsiders, ['client A, who did not block', clientA, 409]],
      allowed: [['mind A', mindA, 204]],
    },
  ];
};
