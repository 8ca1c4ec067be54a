import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { normalizeBankDetails } from '../../../domain/bank-details-schemas';
import {
  PLATFORM_SETTING_DEFAULTS,
  platformSettingsSchema,
  type PlatformSettings,
  type PlatformSettingsUpdate,
} from '../../../domain/settings-schemas';
import type { DbExecutor } from '../../db/client';
import { platformSettings } from '../../db/schema';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { emailBankDetailsToOpenInvoices } from '../payments/bank-details-mail';

/**
 * How long one instance trusts the settings it read. Files and robots.txt ask on every request, so a lookup per
 * request would be a query per image; a change made on this instance is seen at once, one made on another instance
 * sharing the database within this time.
 */
export const SETTINGS_TTL_MS = 5000;

// Keyed by the database handle: each feature's plugin is its own Fastify instance, but they share one database.
const cache = new WeakMap<object, { settings: PlatformSettings; readAt: number }>();

const loadSettings = async (db: DbExecutor): Promise<PlatformSettings> => {
  const rows = await db.select({ key: platformSettings.key, value: platformSettings.value }).from(platformSettings);
  const stored: Record<string, unknown> = {};
  for (const row of rows) stored[row.key] = row.value;
  // A stored value that no longer fits its schema (an older shape) falls back to the default rather than failing pages.
  const merged: Record<string, unknown> = { ...PLATFORM_SETTING_DEFAULTS };
  for (const key of Object.keys(PLATFORM_SETTING_DEFAULTS) as Array<keyof PlatformSettings>) {
    const parsed = platformSettingsSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as PlatformSettings;
};

/** The platform's settings, from this instance's short cache when fresh. */
export const readPlatformSettings = async (app: FastifyInstance): Promise<PlatformSettings> => {
  const cached = cache.get(app.db);
  if (cached && Date.now() - cached.readAt < SETTINGS_TTL_MS) return cached.settings;
  const settings = await loadSettings(app.db);
  cache.set(app.db, { settings, readAt: Date.now() });
  return settings;
};

/** Reads the settings fresh from the database, for the admin's own view. */
export const readPlatformSettingsFresh = (app: FastifyInstance): Promise<PlatformSettings> => loadSettings(app.db);

// Settings hold objects too (the bank details): compare by value, so an unchanged object is not audited as a change.
const isSameValue = (left: unknown, right: unknown): boolean => JSON.stringify(left) === JSON.stringify(right);

/** The stored form of a change: bank details normalized (account number compact, blanks left out). */
const normalizeUpdate = (update: PlatformSettingsUpdate): PlatformSettingsUpdate =>
  update.bankDetails ? { ...update, bankDetails: normalizeBankDetails(update.bankDetails) } : update;

/** Changes the named settings and records who changed what, in one transaction. */
export const updatePlatformSettings = async (app: FastifyInstance, auth: AuthContext, update: PlatformSettingsUpdate): Promise<PlatformSettings> => {
  const settings = await app.db.transaction(async (tx) => {
    const before = await loadSettings(tx);
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(normalizeUpdate(update)) as Array<[keyof PlatformSettings, PlatformSettings[keyof PlatformSettings]]>) {
      // A null setting is its default (no row): a JSON null would be stored as SQL NULL, which the column refuses.
      if (value === null) await tx.delete(platformSettings).where(eq(platformSettings.key, key));
      else
        await tx
          .insert(platformSettings)
          .values({ key, value, updatedBy: auth.userId })
          .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedBy: auth.userId, updatedAt: new Date() } });
      if (!isSameValue(before[key], value)) changed[key] = { from: before[key], to: value };
    }
    if (Object.keys(changed).length > 0) {
      await recordAudit(tx, auth, { action: 'settings.update', targetType: 'platform', targetId: 'settings', metadata: { changed } });
    }
    const after = await loadSettings(tx);
    // Open manual invoices promised an email with the account (decision 173): it goes out with the saved setting.
    if (changed.bankDetails && after.bankDetails) {
      await emailBankDetailsToOpenInvoices(app, tx, after.bankDetails, before.bankDetails ? 'changed' : 'set');
    }
    return after;
  });
  cache.set(app.db, { settings, readAt: Date.now() });
  return settings;
};
