import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/support/migrations';

/**
 * Migration 0039 (decision 228) keeps a payout receipt's context lines with the payout. Receipts issued before it get
 * them as of their own ledger transaction: a later release does not count on an earlier receipt. It migrates an
 * embedded database from nothing, so it has 90 s, as app.test's log-redaction test does on a loaded machine.
 */
describe('migration 0039: receipts keep their figures as issued', { timeout: 90_000 }, () => {
  it('fills each paid payout with what was released and withheld up to its own payout transaction, and leaves requests empty', async () => {
    const { client, migrateRest, close } = await databaseBefore('0039_');
    try {
      const account = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
      const payout = (n: number) => `00000000-0000-4000-8000-0000000001${n}0`;
      const transaction = (n: number, kind: string, day: number, entries: Array<[number, number]>, payoutId: string | null = null) => `
        insert into ledger_transactions (id, kind, payout_id, idempotency_key, created_at)
          values ('00000000-0000-4000-8000-0000000002${n}0', '${kind}', ${payoutId ? `'${payoutId}'` : 'null'}, 'test:${n}', '2026-01-0${day}T12:00:00Z');
        ${entries.map(([accountNumber, cents]) => `insert into ledger_entries (transaction_id, account_id, amount_cents) values ('00000000-0000-4000-8000-0000000002${n}0', '${account(accountNumber)}', ${cents});`).join('\n')}`;
      await client.exec(`
        insert into "user" (id, name, email, email_verified) values ('maker-1', 'Mara Maker', 'mara@example.com', true);
        insert into ledger_accounts (id, kind, owner_id, project_id) values
          ('${account(1)}', 'funding', 'client-1', null),
          ('${account(2)}', 'escrow', null, '00000000-0000-4000-8000-000000000999'),
          ('${account(3)}', 'creator_payable', 'maker-1', null),
          ('${account(4)}', 'platform_fees', null, null),
          ('${account(5)}', 'paid_out', 'maker-1', null);
        insert into payouts (id, creator_id, amount_cents, status, provider, reference, receipt_number, creator_name, creator_email, requested_at, paid_at) values
          ('${payout(1)}', 'maker-1', 5000, 'paid', 'manual', 'WIRE-1', 'HM-RCT-2026-000001', 'Mara Maker', 'mara@example.com', '2026-01-03T10:00:00Z', '2026-01-03T12:00:00Z'),
          ('${payout(2)}', 'maker-1', 10000, 'paid', 'manual', 'WIRE-2', 'HM-RCT-2026-000002', 'Mara Maker', 'mara@example.com', '2026-01-06T10:00:00Z', '2026-01-06T12:00:00Z'),
          ('${payout(3)}', 'maker-1', 1000, 'requested', 'manual', null, null, 'Mara Maker', 'mara@example.com', '2026-01-07T10:00:00Z', null);
        ${transaction(1, 'funding', 1, [[1, -10000], [2, 10000]])}
        ${transaction(2, 'release', 2, [[2, -10000], [3, 9000], [4, 1000]])}
        ${transaction(3, 'payout', 3, [[3, -5000], [5, 5000]], payout(1))}
        ${transaction(4, 'funding', 4, [[1, -20000], [2, 20000]])}
        ${transaction(5, 'release', 5, [[2, -20000], [3, 18000], [4, 2000]])}
        ${transaction(6, 'payout', 6, [[3, -10000], [5, 10000]], payout(2))}
      `);

      await migrateRest();

      const rows = await client.query<{ id: string; earned: string | null; fees: string | null }>(
        `select id, receipt_earned_cents as earned, receipt_fees_cents as fees from payouts order by requested_at`,
      );
      expect(rows.rows.map((row) => [row.id, row.earned === null ? null : Number(row.earned), row.fees === null ? null : Number(row.fees)])).toEqual([
        [payout(1), 9000, 1000],
        [payout(2), 27000, 3000],
        [payout(3), null, null],
      ]);
      // From now on a paid payout states them, and a cancelled one says when.
      await expect(client.exec(`update payouts set status = 'paid', receipt_number = 'HM-RCT-2026-000003', paid_at = now() where id = '${payout(3)}'`)).rejects.toThrow(/payouts_paid_has_receipt_figures/);
      await expect(client.exec(`update payouts set status = 'cancelled' where id = '${payout(3)}'`)).rejects.toThrow(/payouts_cancelled_has_time/);
    } finally {
      await close();
    }
  });
});
