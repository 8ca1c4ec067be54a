import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../db/client';
import { openReviewWindow } from '../reviews/window';
import type { ProjectRow } from './views';

/**
 * What else happens when a project completes, in the transaction that completed it, whoever completed it (the
 * client's approval of the last milestone, or the scheduler's approval by time). Features that follow a completed
 * project (reviews, money) add their step here.
 */
export const projectCompleted = async (app: FastifyInstance, tx: Transaction, project: ProjectRow): Promise<void> => {
  await openReviewWindow(app, tx, project);
};
