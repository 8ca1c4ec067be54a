import { randomUUID } from 'node:crypto';

/**
 * Where a project's files are stored: under `<creatorId>/<projectId>/` (the files route reads the project from the
 * second segment to decide who may download), each upload at a path of its own that no later upload reuses. So
 * every process record entry keeps pointing at its own bytes, and a removed file's URL stays 404 after the next
 * submission. Deliverables stored before this were at a fixed `<creatorId>/<projectId>/deliverable.<ext>`; their
 * rows keep those URLs, which still resolve.
 */
export const processDocKey = (creatorId: string, projectId: string, docId: string): string => `${creatorId}/${projectId}/process/${docId}`;

export const deliverableKey = (creatorId: string, projectId: string, fileId: string = randomUUID()): string => `${creatorId}/${projectId}/deliverable/${fileId}`;
