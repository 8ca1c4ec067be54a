import type { FastifyInstance } from 'fastify';
import type { StorageBucket } from '../../../domain/constants';
import { AI_POLICY_PATH } from '../../../domain/settings-schemas';
import { readPlatformSettings } from '../admin-settings/service';

/** Buckets that hold creators' own work: avatars, portfolio, process docs, deliverables. Client logos are not theirs. */
export const CREATOR_BUCKETS: readonly StorageBucket[] = ['profile-images', 'portfolio-items', 'process-docs', 'deliverables'];

/** The paths TDMRep reserves: studios and every creator-owned file. */
export const reservedLocations = (): string[] => ['/studio/*', ...CREATOR_BUCKETS.map((bucket) => `/files/${bucket}/*`)];

export const aiPolicyUrl = (publicUrl: string): string => `${publicUrl}${AI_POLICY_PATH}`;

/**
 * The TDMRep headers (W3C Text and Data Mining Reservation Protocol) for a creator's file while the opt-out is on:
 * `tdm-reservation: 1` reserves text-and-data-mining rights, `tdm-policy` says where the terms are. Off, nothing.
 */
export const tdmHeaders = async (app: FastifyInstance, bucket: StorageBucket): Promise<Record<string, string>> => {
  if (!CREATOR_BUCKETS.includes(bucket)) return {};
  const { aiTrainingOptOut } = await readPlatformSettings(app);
  return aiTrainingOptOut ? { 'tdm-reservation': '1', 'tdm-policy': aiPolicyUrl(app.config.PUBLIC_URL) } : {};
};

/** `/.well-known/tdmrep.json`: one rule per reserved location while the opt-out is on; an empty list when off. */
export const tdmRepDocument = (publicUrl: string, optOut: boolean) =>
  optOut ? reservedLocations().map((location) => ({ location, 'tdm-reservation': 1, 'tdm-policy': aiPolicyUrl(publicUrl) })) : [];
