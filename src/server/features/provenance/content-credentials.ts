import type { Asset } from '@trustnxt/c2pa-ts/asset';
import type { Manifest } from '@trustnxt/c2pa-ts/manifest';
import { AI_SOURCE_TYPES, GENERATIVE_AI_TOOLS, NON_CONTENT_ACTIONS, type ContentCredentials } from '../../../domain/content-credentials';
import { loadC2pa } from '../../lazy-modules';
import { GifAsset } from './gif-asset';
import { PdfAsset } from './pdf-asset';
import { WebpAsset } from './webp-asset';

type C2pa = Awaited<ReturnType<typeof loadC2pa>>;

/**
 * Failures that only say nobody on a trust list vouches for the signer. Humanmade keeps no C2PA trust list, so
 * every real camera's or app's certificate reads as untrusted here; the claim still counts as valid when its
 * signature verifies and the file is the one it was signed over. The dialog names the signer and issuer so a
 * reader can judge them. `signingCredential.invalid` is not among them: it says the certificate fails C2PA's own
 * certificate profile (self-signed, no signing key usage, a weak key), which anyone can make naming any camera.
 */
const TRUST_ONLY_CODES = new Set(['signingCredential.untrusted', 'timeStamp.untrusted', 'signingCredential.ocsp.skipped', 'signingCredential.ocsp.inaccessible']);

const isAiSourceType = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  const last = value.split('/').pop() ?? '';
  return (AI_SOURCE_TYPES as readonly string[]).includes(last) || value === 'c2pa.trainedAlgorithmicData';
};

/** Lower case, every run of punctuation or space one space, padded: so names compare as whole words. */
const asWords = (name: string): string => ` ${name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
const TOOL_WORDS = GENERATIVE_AI_TOOLS.map(asWords);

/** Whether a software agent's name names a generative AI tool on the maintained list. */
export const isGenerativeAiTool = (agent: string): boolean => {
  const words = asWords(agent);
  return TOOL_WORDS.some((tool) => words.includes(tool));
};

/** Every upload type the product takes: JPEG, PNG, GIF and WebP images, and PDF (upload-policy.ts). */
const openAsset = async ({ JPEG, PNG }: C2pa, data: Uint8Array): Promise<Asset | null> => {
  if (JPEG.canRead(data)) return new JPEG(data);
  if (PNG.canRead(data)) return new PNG(data);
  if (WebpAsset.canRead(data)) return new WebpAsset(data);
  if (GifAsset.canRead(data)) return new GifAsset(data);
  if (PdfAsset.canRead(data)) return PdfAsset.open(data);
  return null;
};

const commonName = (distinguishedName: string | undefined): string | null => {
  if (!distinguishedName) return null;
  const parts = Object.fromEntries(
    distinguishedName
      .split(/,\s*/)
      .map((part) => part.split('='))
      .filter((pair) => pair.length === 2)
      .map(([key, value]) => [key.trim(), value.trim()]),
  );
  return parts.CN ?? parts.O ?? distinguishedName;
};

interface ManifestFacts {
  actions: string[];
  /** The times its actions state they were done (their `when`), as written: nothing checks them. */
  statedTimes: number[];
  sourceTypes: string[];
  agents: string[];
  /** Software agents on the generative AI tool list, named on an action that makes or changes the content. */
  aiTools: string[];
  metadataAi: boolean;
}

/** A date-time as a claim writes `when` (C2PA's tdate: RFC 3339, tagged or not; cbor-x reads a tagged one as a Date). */
const instantOf = (value: unknown): number | null => {
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isFinite(time) ? time : null;
};

/**
 * The `when` of each of an actions assertion's actions. c2pa-ts keeps no `when` on the actions it parses, so it is
 * read from the assertion's own CBOR (the box it was read from).
 */
const statedTimesOf = (box: { contentBoxes: unknown[] } | undefined): number[] => {
  const content: unknown = (box?.contentBoxes[0] as { content?: unknown } | undefined)?.content;
  if (!content || typeof content !== 'object' || !('actions' in content) || !Array.isArray(content.actions)) return [];
  return content.actions.flatMap((action: unknown) => {
    const time = action && typeof action === 'object' && 'when' in action ? instantOf(action.when) : null;
    return time === null ? [] : [time];
  });
};

const agentNameOf = (agent: unknown): string | null => {
  if (agent && typeof agent === 'object' && 'name' in agent && typeof agent.name === 'string') return agent.name;
  return typeof agent === 'string' ? agent : null;
};

const factsOf = ({ ActionAssertion, MetadataAssertion }: C2pa, manifest: Manifest): ManifestFacts => {
  const facts: ManifestFacts = { actions: [], statedTimes: [], sourceTypes: [], agents: [], aiTools: [], metadataAi: false };
  for (const assertion of manifest.assertions?.assertions ?? []) {
    if (assertion instanceof ActionAssertion) {
      facts.statedTimes.push(...statedTimesOf(assertion.sourceBox));
      for (const action of assertion.actions) {
        facts.actions.push(action.action);
        const sourceType = action.digitalSourceType ?? action.parameters?.digitalSourceType;
        if (typeof sourceType === 'string') facts.sourceTypes.push(sourceType);
        const agent = agentNameOf(action.softwareAgent);
        if (agent === null) continue;
        facts.agents.push(agent);
        if (!(NON_CONTENT_ACTIONS as readonly string[]).includes(action.action) && isGenerativeAiTool(agent)) facts.aiTools.push(agent);
      }
    } else if (assertion instanceof MetadataAssertion) {
      // IPTC photo metadata can state the source type outside the actions (Iptc4xmpExt:DigitalSourceType).
      if (assertion.entries.some((entry) => /digitalsourcetype/i.test(entry.name) && isAiSourceType(entry.value))) facts.metadataAi = true;
    }
  }
  return facts;
};

/**
 * Whether the file is the one the claim was signed over. c2pa-ts checks the hard binding only when the signer is
 * on its trust list, so it is checked here directly: at least one hard binding, and every one matching the bytes.
 */
const isBoundToFile = async ({ AssertionLabels }: C2pa, manifest: Manifest, asset: Asset): Promise<boolean> => {
  const bindings = (manifest.assertions?.assertions ?? []).filter((assertion) => assertion.label && AssertionLabels.hardBindings.includes(assertion.label));
  if (bindings.length === 0) return false;
  for (const binding of bindings) {
    if (!('validateAgainstAsset' in binding) || typeof binding.validateAgainstAsset !== 'function') return false;
    const result = (await binding.validateAgainstAsset(asset)) as { isValid: boolean };
    if (!result.isValid) return false;
  }
  return true;
};

/** The claim's time-stamp, if it carries one and it was checked (c2pa-ts keeps it on the signature after validation). */
const signedAtOf = (manifest: Manifest): string | null => {
  const signatureData: unknown = manifest.signature?.signatureData;
  if (!signatureData || typeof signatureData !== 'object' || !('validatedTimestamp' in signatureData)) return null;
  const value = signatureData.validatedTimestamp;
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : null;
};

/**
 * Reads the Content Credentials (the C2PA manifest store) of an upload's original bytes: JPEG, PNG, WebP, GIF and
 * PDF. Any other format, a file without a manifest, or one the reader cannot parse gives null, and the upload goes on
 * as before. Generative AI counts as declared when any manifest in the store (the file's own or an ingredient's)
 * names an AI digital source type on an action or in its IPTC metadata, or names a generative AI tool as the software
 * agent of an action that makes or changes the content (decision 146), whether or not its signature holds: a
 * declaration is a declaration, and the admin decides.
 */
export const readContentCredentials = async (data: Uint8Array): Promise<ContentCredentials | null> => {
  try {
    const c2pa = await loadC2pa();
    const asset = await openAsset(c2pa, data);
    const jumbf = asset?.getManifestJUMBF();
    if (!asset || !jumbf) return null;
    const store = c2pa.ManifestStore.read(c2pa.SuperBox.fromBuffer(new Uint8Array(jumbf)));
    const active = store.getActiveManifest();
    if (!active?.claim) return null;
    const result = await store.validate(asset).catch(() => null);
    const failures = result?.statusEntries.filter((entry) => entry.success === false && !TRUST_ONLY_CODES.has(entry.code)) ?? [{ code: 'unreadable' }];
    const signatureChecked = result?.statusEntries.some((entry) => entry.code === 'claimSignature.validated') ?? false;

    const bound = await isBoundToFile(c2pa, active, asset).catch(() => false);
    const all = store.manifests.map((manifest) => factsOf(c2pa, manifest));
    const own = factsOf(c2pa, active);
    const aiDeclared = all.some((facts) => facts.metadataAi || facts.sourceTypes.some(isAiSourceType) || facts.aiTools.length > 0);
    const generator = active.claim.claimGeneratorName || 'Unknown app';
    // The generative tool first: it is what the admin's Provenance review needs to see.
    const tool = own.aiTools[0] ?? own.agents.find((agent) => agent !== generator) ?? null;
    const certificate = active.signature?.signatureData.certificate;
    return {
      generator,
      tool,
      signer: commonName(certificate?.subject),
      issuer: commonName(certificate?.issuer),
      signedAt: signedAtOf(active),
      // The file's own word for when its last step was done: the dialog shows it, so labelled, without a time-stamp.
      statedAt: own.statedTimes.length > 0 ? new Date(Math.max(...own.statedTimes)).toISOString() : null,
      actions: [...new Set(own.actions)],
      digitalSourceType: own.sourceTypes.find(isAiSourceType) ?? own.sourceTypes[0] ?? all.flatMap((facts) => facts.sourceTypes).find(isAiSourceType) ?? null,
      aiDeclared,
      valid: signatureChecked && failures.length === 0 && bound,
    };
  } catch {
    return null;
  }
};
