import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/**
 * Whether a project has a process doc that counts toward the Seal: one not waiting in Provenance review (nor
 * removed by it; a removed doc's row is gone as well). An approved AI-declared doc counts like any other. The doc
 * and its record entry share the stored file's URL. Aliases are explicit: the caller's query may be raw SQL.
 */
export const hasCountedProcessDoc = (projectId: SQLWrapper): SQL => sql`exists (
  select 1 from process_docs counted_doc
  where counted_doc.project_id = ${projectId}
    and not exists (
      select 1 from process_record_entries held_entry
      join project_file_reviews held_review on held_review.entry_id = held_entry.id
      where held_entry.project_id = counted_doc.project_id and held_entry.file_url = counted_doc.file_url and held_review.status <> 'clear'
    )
)`;
