import { z } from 'zod';

/**
 * What an upload's C2PA manifest (its Content Credentials) says about where it came from, as stored with the item
 * (features/provenance/content-credentials.ts reads it from the original bytes, before re-encoding strips it).
 */
export const contentCredentialsSchema = z.object({
  /** The claim generator: the app or device that wrote the manifest. */
  generator: z.string(),
  /** The tool named by the actions (their software agent), when it differs from the generator. */
  tool: z.string().nullable(),
  /** Who signed the claim (the signing certificate's subject) and who vouches for them (its issuer). */
  signer: z.string().nullable(),
  issuer: z.string().nullable(),
  /** When the claim was signed, from its time-stamp; null when the manifest carries none. */
  signedAt: z.string().nullable(),
  /**
   * When the file says its last step was done (the latest `when` of its claim's actions), as written and unchecked:
   * shown, so labelled, only where no time-stamp gives `signedAt`. Null when no action states one; absent on
   * credentials read before it was kept (decision 227).
   */
  statedAt: z.string().nullable().optional(),
  /** The actions the manifest records, e.g. 'c2pa.created', 'c2pa.edited'. */
  actions: z.array(z.string()),
  /** The IPTC digital source type the manifest declares, if any. */
  digitalSourceType: z.string().nullable(),
  /** The manifest declares generative AI: such an item waits for a Provenance review. */
  aiDeclared: z.boolean(),
  /** The claim's signature verifies and the file is the one it was signed over. */
  valid: z.boolean(),
});
export type ContentCredentials = z.infer<typeof contentCredentialsSchema>;

/** IPTC digital source types that mean generative AI made or went into the file. */
export const AI_SOURCE_TYPES = ['trainedAlgorithmicMedia', 'compositeWithTrainedAlgorithmicMedia', 'algorithmicMedia'] as const;

/**
 * Generative AI tools whose name in an action's software agent declares generative AI, whatever source type the
 * action states (decision 146, "An AI-tool action"). Matched as whole words, case and punctuation aside: 'DALL·E 3'
 * and 'dall-e' match 'DALL-E'; 'Fluxion Paint' does not match 'FLUX'. Keep it to tools that only generate: a general
 * editor with a generative feature (Photoshop's Generative Fill) states the source type on the action instead.
 */
export const GENERATIVE_AI_TOOLS = [
  'DALL-E',
  'ChatGPT',
  'GPT-4o',
  'gpt-image',
  'Sora',
  'Midjourney',
  'Stable Diffusion',
  'SDXL',
  'Firefly',
  'Imagen',
  'Gemini',
  'Veo',
  'FLUX',
  'Ideogram',
  'Leonardo.Ai',
  'Runway',
  'Bing Image Creator',
  'Microsoft Designer',
] as const;

/**
 * Actions that do not make or change what the file shows: a generative tool named on one of these (opening a file,
 * publishing it, re-encoding it) declares nothing about how it was made.
 */
export const NON_CONTENT_ACTIONS = ['c2pa.opened', 'c2pa.published', 'c2pa.transcoded', 'c2pa.repackaged', 'c2pa.converted', 'c2pa.edited.metadata', 'c2pa.watermarked'] as const;

/**
 * Where a project file (a process doc or a deliverable) stands on provenance, for the project card (decision 227):
 * what its Content Credentials said at upload (as its process record entry keeps them), and whether Provenance
 * review holds it because they declare generative AI.
 */
export const projectFileProvenanceSchema = z.object({
  contentCredentials: contentCredentialsSchema.nullable(),
  heldForReview: z.boolean(),
});
export type ProjectFileProvenance = z.infer<typeof projectFileProvenanceSchema>;

// The copy lives apart from the schema, so the public studio's mark loads no schema library.
export { CONTENT_CREDENTIALS_MESSAGES, describeAction } from './content-credentials-copy';

/** Why an item waits in the Provenance review. */
export const PROVENANCE_REASONS = ['near_copy', 'ai_declared'] as const;
export type ProvenanceReason = (typeof PROVENANCE_REASONS)[number];
