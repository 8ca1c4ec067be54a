import { z } from 'zod';

/**
 * A keyset page's position: a row's time in microseconds since 1970, as the database keeps it (a cursor in JavaScript
 * milliseconds would skip or repeat rows whose times differ below a millisecond), and the row's id, which breaks ties.
 */
export const microsCursorSchema = z
  .string()
  .max(60)
  .regex(/^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Invalid cursor');

/** `?cursor=` of a list read a keyset page at a time: the `nextCursor` of the page before; none for the first. */
export const microsCursorQuerySchema = z.object({ cursor: microsCursorSchema.optional() });

/** The admins' Reports view reads each of its lists (message reports, review reports, hidden reviews) this many at a time (decision 229). */
export const ADMIN_REPORT_PAGE_SIZE = 25;
