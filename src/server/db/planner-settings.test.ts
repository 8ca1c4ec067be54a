import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, PLANNER_SETTINGS } from './client';

const settingsOf = async (options: Parameters<typeof openDatabase>[0]) => {
  const handle = await openDatabase(options);
  try {
    const result = await handle.db.execute<{ random_page_cost: string; synchronize_seqscans: string; work_mem: string }>(sql`
      select current_setting('random_page_cost') as random_page_cost, current_setting('synchronize_seqscans') as synchronize_seqscans,
        current_setting('work_mem') as work_mem`);
    return result.rows[0];
  } finally {
    await handle.close();
  }
};

const serverUrl = process.env.TEST_DATABASE_URL;

describe('planner settings of every session (decision 123)', () => {
  it('are the embedded database’s from its start', async () => {
    expect(await settingsOf({ pgliteDir: 'memory://' })).toMatchObject({
      random_page_cost: PLANNER_SETTINGS.random_page_cost,
      synchronize_seqscans: PLANNER_SETTINGS.synchronize_seqscans,
    });
  });

  it.skipIf(!serverUrl)('are every PostgreSQL connection’s, after the URL’s own options, which win', async () => {
    expect(await settingsOf({ databaseUrl: serverUrl })).toMatchObject({ random_page_cost: '1.1', synchronize_seqscans: 'off' });
    const url = new URL(serverUrl!);
    url.searchParams.set('options', '-c work_mem=8MB -c random_page_cost=2');
    expect(await settingsOf({ databaseUrl: url.toString() })).toMatchObject({ random_page_cost: '2', synchronize_seqscans: 'off', work_mem: '8MB' });
  });
});
