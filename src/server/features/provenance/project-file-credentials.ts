import type { ContentCredentials } from '../../../domain/content-credentials';
import type { Transaction } from '../../db/client';
import { projectFileReviews } from '../../db/schema';
import { readContentCredentials } from './content-credentials';

/**
 * The Content Credentials kept with a process doc or deliverable (on its process record entry): a valid claim, or
 * any AI declaration, so the project's participants and admins see what the file said. These files are never
 * public (only the project's client, creator and admins see them); an AI-declared one is also listed for an
 * admin's Provenance review (recordProjectFileReview).
 */
export const readProjectFileCredentials = async (data: Uint8Array): Promise<ContentCredentials | null> => {
  const credentials = await readContentCredentials(data);
  return credentials && (credentials.valid || credentials.aiDeclared) ? credentials : null;
};

/** A project file whose credentials declare generative AI goes to Provenance review, in the upload's transaction. */
export const recordProjectFileReview = async (tx: Transaction, entryId: string, projectId: string, credentials: ContentCredentials | null): Promise<void> => {
  if (!credentials?.aiDeclared) return;
  await tx.insert(projectFileReviews).values({ entryId, projectId });
};
