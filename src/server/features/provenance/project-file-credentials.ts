import type { ContentCredentials } from '../../../domain/content-credentials';
import { readContentCredentials } from './content-credentials';

/**
 * The Content Credentials kept with a process doc or deliverable (on its process record entry): a valid claim, or
 * any AI declaration, so the project's participants and admins see what the file said. These files are never
 * public (only the project's client, creator and admins see them), so nothing is held from view here.
 */
export const readProjectFileCredentials = async (data: Uint8Array): Promise<ContentCredentials | null> => {
  const credentials = await readContentCredentials(data);
  return credentials && (credentials.valid || credentials.aiDeclared) ? credentials : null;
};
