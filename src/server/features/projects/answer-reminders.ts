import { z } from 'zod';
import { DAY_MS } from '../../../domain/dates';
import type { Transaction } from '../../db/client';
import { scheduleJob } from '../../jobs/scheduler';
import type { ProjectEmailEvent } from './emails';
import type { ProjectRow } from './views';

/**
 * A draft waiting on one side's answer is never left to wait unnoticed (decision 181): when the turn passes to the
 * creator (a brief assigned to them, changes asked for in their offer) or to the client (an offer sent), a timer is set
 * for ANSWER_REMINDER_DAYS later. Its action (timers.ts) reminds that side once, unless the draft changed in between.
 */
export const JOB_ANSWER_REMINDER = 'project.answer_reminder';
export const ANSWER_REMINDER_DAYS = 3;

export const answerReminderPayload = z.object({
  projectId: z.uuid(),
  /** The draft's `updated_at` when the turn passed: any later change to the draft means the wait is over. */
  since: z.iso.datetime(),
  waitingOn: z.enum(['creator', 'client']),
});

/** Whose answer each event leaves the draft waiting for. */
const WAITING_ON: Partial<Record<ProjectEmailEvent, 'creator' | 'client'>> = {
  assigned: 'creator',
  offer_changes_requested: 'creator',
  offer_sent: 'client',
};

/** Sets the reminder for the side whose turn `event` makes it, in the event's transaction; other events set none. */
export const scheduleAnswerReminder = async (tx: Transaction, event: ProjectEmailEvent, project: ProjectRow): Promise<void> => {
  const waitingOn = WAITING_ON[event];
  if (!waitingOn || project.status !== 'draft') return;
  const since = project.updatedAt;
  await scheduleJob(tx, {
    kind: JOB_ANSWER_REMINDER,
    key: `project:${project.id}:answer-reminder:${since.getTime()}`,
    runAt: new Date(since.getTime() + ANSWER_REMINDER_DAYS * DAY_MS),
    payload: { projectId: project.id, since: since.toISOString(), waitingOn },
  });
};
