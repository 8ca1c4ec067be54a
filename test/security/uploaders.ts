// Test support: the callers and endpoints of every upload, for the hostile-upload tests.
import { randomUUID } from 'node:crypto';
import { UPLOAD_LIMITS_MB } from '../../src/domain/constants';
import { approveMaker, onboardedClient, projectPayload } from '../support/project-fixtures';
import type { TestContext, TestUser } from '../support/harness';

export interface UploadTarget {
  user: TestUser;
  url: string;
  /** Other multipart fields the endpoint needs. */
  fields: Record<string, string>;
  /** The status of a successful upload. */
  created: number;
  maxMb: number;
  /** Where the stored file can be fetched, from the success response. */
  storedUrl: (body: Record<string, unknown>) => string;
}

type Json = Record<string, unknown>;

export interface Uploaders {
  maker: TestUser;
  mind: TestUser;
  client: TestUser;
  projectId: string;
  /** Every endpoint that stores an image: avatar, both logo routes, process docs. */
  imageTargets: () => UploadTarget[];
  portfolioTarget: () => UploadTarget;
  deliverableTarget: () => UploadTarget;
  /** A message's attachment (an image or a PDF), sent by the client in the project's thread. */
  attachmentTarget: () => UploadTarget;
}

export const arrangeUploaders = async (ctx: TestContext): Promise<Uploaders> => {
  const maker = await approveMaker(ctx, { name: 'Upload Maker' });
  const mind = await ctx.signUp('mind');
  const client = await onboardedClient(ctx, 'Upload Co');
  const created = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: maker.id }) });
  const projectId = created.json().id as string;
  const conversationId = created.json().conversationId as string;
  const accepted = await ctx.inject(maker, { method: 'POST', url: `/api/projects/${projectId}/accept` });
  if (accepted.statusCode !== 200) throw new Error(`could not start the project: ${accepted.body}`);

  const none: Record<string, string> = {};
  const urlOf = (key: string) => (body: Json) => String(body[key]);
  const lastDoc = (body: Json) => {
    const docs = body.processDocs as Array<{ fileUrl: string }>;
    return docs[docs.length - 1].fileUrl;
  };
  return {
    maker,
    mind,
    client,
    projectId,
    imageTargets: () => [
      { user: maker, url: '/api/uploads/profile-image', fields: none, created: 201, maxMb: UPLOAD_LIMITS_MB.profileImage, storedUrl: urlOf('url') },
      { user: client, url: '/api/uploads/client-logo', fields: none, created: 201, maxMb: UPLOAD_LIMITS_MB.clientLogo, storedUrl: urlOf('url') },
      { user: client, url: '/api/client/profile/logo', fields: none, created: 200, maxMb: UPLOAD_LIMITS_MB.clientLogo, storedUrl: urlOf('logoUrl') },
      {
        user: maker,
        url: `/api/projects/${projectId}/process-docs`,
        fields: { description: 'Sketch' },
        created: 201,
        maxMb: UPLOAD_LIMITS_MB.processScreenshot,
        storedUrl: lastDoc,
      },
    ],
    portfolioTarget: () => ({
      user: maker,
      url: '/api/portfolio',
      fields: { title: 'A piece', category: 'logo_design' },
      created: 201,
      maxMb: UPLOAD_LIMITS_MB.portfolioImage,
      storedUrl: (body) => String((body.item as Json).imageUrl),
    }),
    deliverableTarget: () => ({
      user: maker,
      url: `/api/projects/${projectId}/deliverable`,
      fields: none,
      created: 200,
      maxMb: UPLOAD_LIMITS_MB.deliverable,
      storedUrl: urlOf('deliverableUrl'),
    }),
    attachmentTarget: () => ({
      user: client,
      url: `/api/conversations/${conversationId}/attachments`,
      // A fresh message id for every request: a repeated one is a retry of the first send, answered with its message.
      get fields() {
        return { clientMessageId: randomUUID() };
      },
      created: 201,
      maxMb: UPLOAD_LIMITS_MB.messageAttachment,
      storedUrl: (body) => (body.message as { attachments: Array<{ url: string }> }).attachments[0].url,
    }),
  };
};
