import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/support/migrations';

/**
 * Migration 0029 (decision 198) moves the email outbox into the jobs table. An installation upgrading from 0028 has
 * emails in every state; each must come across as a job and read back through the view as it was.
 */
describe('migration 0029: the outbox moves into the jobs table', () => {
  it('carries pending, sent and failed emails across with their state, and the view reads them as the table did', async () => {
    const { client, migrateRest, close } = await databaseBefore('0029_');
    try {
      await client.exec(`
        insert into email_outbox (id, type, to_address, subject, text_body, html_body, reply_to, status, attempts,
          next_attempt_at, locked_until, last_error, list_unsubscribe, sent_at, created_at) values
        ('00000000-0000-4000-8000-000000000001', 'signup', 'Ada@Example.com', 'Welcome', 'Hello Ada', '<p>Hello</p>', null,
          'pending', 2, '2026-11-20T10:00:00Z', '2026-11-20T09:59:00Z', 'connection refused', null, null, '2026-11-20T09:00:00Z'),
        ('00000000-0000-4000-8000-000000000002', 'project-submitted', 'bo@example.com', 'Submitted', 'A deliverable', null,
          'reply@example.com', 'sent', 1, '2026-11-19T10:00:00Z', null, null, 'http://x/unsubscribe?u=1', '2026-11-19T10:00:05Z', '2026-11-19T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000003', 'contact', 'inbox@example.com', 'Contact', 'Failed', null, null,
          'failed', 8, '2026-11-18T10:00:00Z', null, '550 no such user', null, null, '2026-11-18T09:00:00Z');
      `);

      await migrateRest();

      const jobs = await client.query<{ id: string; kind: string; key: string; status: string; attempts: number; payload: Record<string, string> }>(
        `select id, kind, key, status, attempts, payload from jobs where kind = 'email' order by id`,
      );
      expect(jobs.rows.map((row) => [row.key, row.status, row.attempts])).toEqual([
        ['email:00000000-0000-4000-8000-000000000001', 'pending', 2],
        ['email:00000000-0000-4000-8000-000000000002', 'done', 1],
        ['email:00000000-0000-4000-8000-000000000003', 'failed', 8],
      ]);
      expect(jobs.rows[0].payload).toEqual({ type: 'signup', to: 'Ada@Example.com', subject: 'Welcome', text: 'Hello Ada', html: '<p>Hello</p>' });

      const view = await client.query<Record<string, unknown>>(`select * from email_outbox order by id`);
      expect(view.rows).toHaveLength(3);
      expect(view.rows[0]).toMatchObject({
        type: 'signup',
        to_address: 'Ada@Example.com',
        text_body: 'Hello Ada',
        html_body: '<p>Hello</p>',
        reply_to: null,
        status: 'pending',
        attempts: 2,
        last_error: 'connection refused',
        sent_at: null,
      });
      expect((view.rows[0].next_attempt_at as Date).toISOString()).toBe('2026-11-20T10:00:00.000Z');
      expect((view.rows[0].locked_until as Date).toISOString()).toBe('2026-11-20T09:59:00.000Z');
      expect(view.rows[1]).toMatchObject({ status: 'sent', reply_to: 'reply@example.com', list_unsubscribe: 'http://x/unsubscribe?u=1', html_body: null });
      expect((view.rows[1].sent_at as Date).toISOString()).toBe('2026-11-19T10:00:05.000Z');
      expect(view.rows[2]).toMatchObject({ status: 'failed', attempts: 8, last_error: '550 no such user' });

      // The account-deletion lookup by address has its index.
      const indexes = await client.query<{ indexname: string }>(`select indexname from pg_indexes where tablename = 'jobs'`);
      expect(indexes.rows.map((row) => row.indexname)).toContain('jobs_email_to_idx');
    } finally {
      await close();
    }
  });
});
