import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Keyset pages on (a time, the row's id) with the time to the microsecond, as the database keeps it (the cursor is
 * `<micros>_<uuid>`, `microsCursorSchema` in src/domain/keyset-cursor.ts). The time goes out as text read by the
 * database and comes back into it the same way, so the order and the page boundary always agree: following the
 * cursors never shows a row twice nor skips one, however many rows share a time (one transaction's rows share now()).
 */

/** The time as the cursor carries it: whole microseconds since 1970, as text. */
export const microsOf = (time: SQLWrapper): SQL<string> => sql<string>`(floor(extract(epoch from ${time}) * 1000000))::bigint::text`;

const fromMicros = (micros: string): SQL => sql`(to_timestamp(0) + ${micros}::bigint * interval '1 microsecond')`;

export interface MicrosCursor {
  micros: string;
  id: string;
}

export const decodeMicrosCursor = (cursor: string | undefined): MicrosCursor | null => {
  if (!cursor) return null;
  const [micros, id] = cursor.split('_');
  return { micros, id };
};

/** Rows after the cursor in the order (time, id) ascending, or before it in the order descending; none: no bound. */
export const pastCursor = (time: SQLWrapper, id: SQLWrapper, cursor: MicrosCursor | null, direction: 'asc' | 'desc'): SQL | undefined => {
  if (!cursor) return undefined;
  const key = sql`(${fromMicros(cursor.micros)}, ${cursor.id}::uuid)`;
  return direction === 'asc' ? sql`(${time}, ${id}) > ${key}` : sql`(${time}, ${id}) < ${key}`;
};

/**
 * One page from `limit + 1` rows read in the key's order: the first `limit`, and where the next page starts (the last
 * row shown) when there was one more.
 */
export const keysetPage = <T extends { micros: string }>(rows: T[], limit: number, idOf: (row: T) => string): { rows: T[]; nextCursor: string | null } => {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, nextCursor: rows.length > limit && last ? `${last.micros}_${idOf(last)}` : null };
};
