// Test support for query-plans.test.ts: a database that records what the services run, and a reader of
// PostgreSQL plans that names every sequential scan of a big table.
import type { Database } from '../../src/server/db/client';
import { PREPARED_LISTING_MARK } from '../../src/server/features/creators/listing-statement';
import { openTestDatabase } from './database';

export interface CapturedQuery {
  text: string;
  params: unknown[];
}

interface RawClient {
  query: (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;
}

export interface PlanDatabase {
  db: Database;
  /** Runs `work` and returns every statement it sent, with its parameters. */
  capture: (work: () => Promise<unknown>) => Promise<CapturedQuery[]>;
  /** Runs `work` on one connection of its own (for PREPARE and SET). */
  withConnection: <T>(work: (client: RawClient) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

/** The test database (in-memory PGlite, or a throw-away database on TEST_DATABASE_URL's server), recording its statements. */
export const openPlanDatabase = async (): Promise<PlanDatabase> => {
  let recording: CapturedQuery[] | null = null;
  const onQuery = (text: string, params: unknown[]) => recording?.push({ text, params });
  const handle = await openTestDatabase({ onQuery, poolSize: 3 });
  // node-postgres hands out a pool (connect() for one connection); PGlite is a single connection already.
  const client = (handle.db as unknown as { $client: RawClient & { connect?: () => Promise<RawClient & { release: () => void }> } }).$client;
  return {
    db: handle.db,
    capture: async (work) => {
      recording = [];
      try {
        await work();
        return recording;
      } finally {
        recording = null;
      }
    },
    withConnection: async (work) => {
      if (!client.connect) return work(client);
      const connection = await client.connect();
      try {
        return await work(connection);
      } finally {
        connection.release();
      }
    },
    close: () => handle.close(),
  };
};

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const seqScans = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

const firstPlan = (rows: Array<Record<string, unknown>>): PlanNode => {
  const value = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{ Plan: PlanNode }>;
  return parsed[0].Plan;
};

const literal = (value: unknown): string => (value === null || value === undefined ? 'NULL' : `'${String(value).replace(/'/g, "''")}'`);

/** Tables with at least this many rows (by the planner's own statistics) must never be read in full. */
export const BIG_TABLE_ROWS = 2000;

const bigTables = async (database: PlanDatabase): Promise<Set<string>> =>
  database.withConnection(async (client) => {
    const result = await client.query(
      `select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and c.reltuples >= ${BIG_TABLE_ROWS}`,
    );
    return new Set(result.rows.map((row) => String(row.relname)));
  });

/**
 * The plan problems of one statement: a Seq Scan of a big table in its custom plan (for these parameters) or,
 * for the listing's prepared statements, in the generic plan PostgreSQL switches to after a few runs.
 */
export const planProblems = async (database: PlanDatabase, query: CapturedQuery, settings: readonly string[] = []): Promise<string[]> => {
  const big = await bigTables(database);
  const where = query.text.replace(/\s+/g, ' ').trim().slice(0, 160);
  return database.withConnection(async (client) => {
    // The planner settings the statement ran under (SET LOCAL in its transaction), for this connection only.
    for (const setting of settings) await client.query(setting.replace(/^set local /i, 'set '));
    try {
      return await plansOf(client, query, big, where);
    } finally {
      if (settings.length > 0) await client.query('reset all');
    }
  });
};

const plansOf = async (client: RawClient, query: CapturedQuery, big: Set<string>, where: string): Promise<string[]> => {
  {
    const plans: Array<[string, PlanNode]> = [['custom plan', firstPlan((await client.query(`explain (format json) ${query.text}`, query.params)).rows)]];
    if (query.text.includes(PREPARED_LISTING_MARK)) {
      await client.query(`prepare hm_plan_check as ${query.text}`);
      try {
        await client.query('set plan_cache_mode = force_generic_plan');
        const args = query.params.length > 0 ? `(${query.params.map(literal).join(', ')})` : '';
        plans.push(['generic plan', firstPlan((await client.query(`explain (format json) execute hm_plan_check${args}`)).rows)]);
      } finally {
        await client.query('reset plan_cache_mode');
        await client.query('deallocate hm_plan_check');
      }
    }
    return plans.flatMap(([kind, plan]) =>
      seqScans(plan)
        .filter((table) => big.has(table))
        .map((table) => `Seq Scan on ${table} (${kind}) in: ${where}`),
    );
  }
};

/**
 * The statements of one piece of work worth EXPLAINing, each with the SET LOCAL settings its transaction had made
 * before it; transaction control and the settings themselves are not statements to plan.
 */
export const plannableStatements = (captured: readonly CapturedQuery[]): Array<{ query: CapturedQuery; settings: string[] }> => {
  const statements: Array<{ query: CapturedQuery; settings: string[] }> = [];
  let settings: string[] = [];
  for (const query of captured) {
    const text = query.text.trim().toLowerCase();
    if (text.startsWith('set local ')) settings.push(query.text.trim());
    else if (text === 'begin' || text === 'commit' || text === 'rollback' || text.startsWith('savepoint') || text.startsWith('release')) {
      if (text !== 'begin') settings = [];
    } else statements.push({ query, settings: [...settings] });
  }
  return statements;
};
