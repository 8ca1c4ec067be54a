// A demo project's process docs and deliverable, stored and recorded as the app's uploads do (projects/uploads.ts):
// each file at a path of its own, a process_docs row per doc, and an entry per file in the project's process record
// (the hash chain), so the record verifies and the project counts toward the Seal (decision 146).
import { randomUUID } from 'node:crypto';
import type { DeliverableCategory } from '../../src/domain/constants';
import type { App } from '../../src/server/app';
import type { Transaction } from '../../src/server/db/client';
import { processDocs } from '../../src/server/db/schema';
import { appendProcessRecordEntry } from '../../src/server/features/process-record/service';
import { deliverableKey, processDocKey } from '../../src/server/features/projects/file-keys';
import type { StoredFile } from '../../src/server/storage/storage';
import { renderPortfolioPiece, renderProcessDoc } from './artwork';
import { seedOf } from './seed-creators';

/** What a maker documents along the way, by deliverable, in the order the work goes. */
const PROCESS_STEPS: Record<DeliverableCategory, string[]> = {
  logo_design: [
    'First pencil sketches: twenty thumbnails, three directions circled',
    'The chosen direction redrawn on the grid, with spacing notes',
    'Small-size tests: the mark at 16 px, in one colour and embossed',
  ],
  branding_packages: [
    'Moodboard and the reference wall from our first workshop',
    'Type and colour trials, printed and pinned up side by side',
    'Packaging mock-ups on the real stock, photographed in daylight',
  ],
  web_design: [
    'Paper wireframes of the main pages, drawn with the client',
    'Page layouts with the real words in them, not placeholder text',
    'Accessibility pass: contrast, focus order and keyboard checks',
  ],
  social_media_assets: [
    'The grid storyboarded by hand, post by post',
    'Contact sheet from the shoot, with the picks marked',
    'Type and colour tests on the first three tiles',
  ],
  editorial_design: [
    'The flatplan on index cards, page by page',
    'Grid and type specimens, printed at size',
    "Proof pages with the editor's corrections",
  ],
  content_marketing: [
    'Interview notes and the outline they became',
    "First draft with the editor's comments in the margin",
    'Sketches for the illustrated headers',
  ],
};

export interface ProjectFiles {
  docs: Array<{ id: string; stored: StoredFile; description: string }>;
  deliverable: StoredFile;
}

/** The name a client's work carries: the first word of the company's ('Fieldnote' for Fieldnote Coffee Co.). */
export const brandOf = (company: string): string => company.split(' ')[0] ?? company;

/**
 * Draws and stores a project's process docs (`docCount`, up to three) and its deliverable, showing the client's
 * `brand`. Outside any transaction: drawing takes a while, and a transaction through the server's socket should not.
 */
export const storeProjectFiles = async (
  app: App,
  input: { makerId: string; projectId: string; type: DeliverableCategory; brand: string; docCount: number },
): Promise<ProjectFiles> => {
  const steps = PROCESS_STEPS[input.type].slice(0, input.docCount);
  const design = seedOf(`${input.projectId}-design`);
  const docs: ProjectFiles['docs'] = [];
  for (const [index, description] of steps.entries()) {
    const id = randomUUID();
    // Early drafts try other directions; a last step after them is the chosen design, as delivered.
    const chosen = index > 0 && index === steps.length - 1;
    const image = await renderProcessDoc(input.type, chosen ? design : seedOf(`${input.projectId}-draft-${index}`), input.brand, index + 1, steps.length, chosen);
    docs.push({ id, description, stored: await app.storage.saveUpload('processScreenshot', processDocKey(input.makerId, input.projectId, id), image) });
  }
  const image = await renderPortfolioPiece(input.type, design, '', input.brand);
  return { docs, deliverable: await app.storage.saveUpload('deliverable', deliverableKey(input.makerId, input.projectId), image) };
};

/**
 * Records the files in the transaction that creates the project (so no other writer can reach its chain meanwhile):
 * the docs spread between `startedAt` and `deliveredAt`, each with the milestone it documents when there are some,
 * then the deliverable at `deliveredAt`, each entry through the app's own append.
 */
export const recordProjectFiles = async (
  tx: Transaction,
  input: { projectId: string; makerId: string; files: ProjectFiles; startedAt: Date; deliveredAt: Date; milestoneIds?: string[] },
): Promise<void> => {
  const { docs, deliverable } = input.files;
  const span = input.deliveredAt.getTime() - input.startedAt.getTime();
  const milestones = input.milestoneIds ?? [];
  for (const [index, doc] of docs.entries()) {
    const at = new Date(input.startedAt.getTime() + (span * (index + 1)) / (docs.length + 1));
    const milestoneId = milestones[Math.floor((index * milestones.length) / docs.length)] ?? null;
    await tx.insert(processDocs).values({ id: doc.id, makerId: input.makerId, projectId: input.projectId, milestoneId, fileUrl: doc.stored.url, description: doc.description, createdAt: at });
    await appendProcessRecordEntry(tx, { projectId: input.projectId, kind: 'process_doc', fileUrl: doc.stored.url, fileSha256: doc.stored.sha256, uploaderId: input.makerId, at });
  }
  await appendProcessRecordEntry(tx, {
    projectId: input.projectId,
    kind: 'deliverable',
    fileUrl: deliverable.url,
    fileSha256: deliverable.sha256,
    uploaderId: input.makerId,
    at: input.deliveredAt,
  });
};
