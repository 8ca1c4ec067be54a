import { customType } from 'drizzle-orm/pg-core';

/**
 * A lone surrogate (half of a UTF-16 pair: a name pasted from a broken source, or "\ud83d" in a JSON body) as U+FFFD.
 * A text column gets that from the driver's UTF-8 encoding; `jsonb` refuses the `\ud800` escape that JSON.stringify
 * writes for it, which failed the whole transaction (an offer, a sign-up's email) with a 500.
 */
export const wellFormed = (value: string): string => value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const wellFormedStrings = (_key: string, value: unknown): unknown => (typeof value === 'string' ? wellFormed(value) : value);

/**
 * `jsonb`, as drizzle's own, except that every string in the value is made well-formed on its way to the database:
 * the schema's every jsonb column holds text that people wrote (milestone titles, bank details, audit reasons, jobs'
 * payloads), so the rule lives in the column type rather than at each writer.
 */
export const jsonb = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value, wellFormedStrings),
  fromDriver: (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
});
