import { expect } from 'vitest';
import type { TestContext, TestUser } from './harness';
import { projectPayload, putInReview } from './project-fixtures';

export const DAY = 24 * 60 * 60 * 1000;

/** A project between the two, taken to completion through the API (the client's approval), which opens the reviews. */
export const completedProject = async (ctx: TestContext, client: TestUser, creator: TestUser, title = 'A new wordmark'): Promise<string> => {
  const created = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: creator.id, title }) });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json() as { id: string };
  expect((await ctx.inject(creator, { method: 'POST', url: `/api/projects/${id}/accept` })).statusCode).toBe(200);
  await putInReview(ctx.db, id, `/files/deliverables/${creator.id}/${id}/d.png`);
  const approved = await ctx.inject(client, { method: 'POST', url: `/api/projects/${id}/approve` });
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
};

export const clientReview = (overrides: Record<string, unknown> = {}) => ({
  rating: 5,
  communication: 5,
  quality: 4,
  onTime: 5,
  wouldHireAgain: true,
  body: 'Careful, generous work, delivered on time.',
  ...overrides,
});

export const creatorReview = (overrides: Record<string, unknown> = {}) => ({ rating: 4, body: 'A clear brief and quick answers.', ...overrides });

export const writeReview = (ctx: TestContext, user: TestUser | null, projectId: string, payload: Record<string, unknown>) =>
  ctx.inject(user, { method: 'PUT', url: `/api/reviews/projects/${projectId}`, payload });
