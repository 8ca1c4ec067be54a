import { z } from 'zod';

// The public AI policy page's path, crawler list and cache key live in ai-policy.ts, which has no zod.
export { AI_POLICY_PATH, AI_TRAINING_CRAWLERS, aiPolicyQueryKey } from './ai-policy';
import { bankDetailsSchema } from './bank-details-schemas';

/**
 * Settings an admin can change for the whole platform. Each has a default that holds until an admin changes it,
 * so a fresh install behaves as documented without any set-up.
 */
export const platformSettingsSchema = z.object({
  /**
   * Creators' work is reserved from AI training: TDMRep headers on their files and meta tags on studios, and
   * robots.txt turning away AI-training crawlers from studios and files (decision 132). On by default.
   */
  aiTrainingOptOut: z.boolean(),
  /**
   * Where clients send bank transfers for manual invoices (decision 173): shown to a client funding their milestone
   * and printed on open invoices. Null until an admin sets them; nothing is invented meanwhile.
   */
  bankDetails: bankDetailsSchema.nullable(),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const PLATFORM_SETTING_DEFAULTS: PlatformSettings = { aiTrainingOptOut: true, bankDetails: null };

/** A change names only the settings it changes; at least one. */
export const platformSettingsUpdateSchema = platformSettingsSchema
  .partial()
  .strict()
  .refine((update) => Object.keys(update).length > 0, { message: 'Choose a setting to change.' });
export type PlatformSettingsUpdate = z.infer<typeof platformSettingsUpdateSchema>;

/** What the public AI policy page shows: whether the reservation is in force now. */
export const aiPolicyStatusSchema = z.object({ aiTrainingOptOut: z.boolean() });
export type AiPolicyStatus = z.infer<typeof aiPolicyStatusSchema>;
