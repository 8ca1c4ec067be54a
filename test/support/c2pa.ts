import * as x509 from '@peculiar/x509';
import { JPEG, PNG } from '@trustnxt/c2pa-ts/asset';
import { CoseAlgorithmIdentifier, LocalSigner } from '@trustnxt/c2pa-ts/cose';
import { ActionAssertion, ClaimVersion, DataHashAssertion, ManifestStore, MetadataAssertion, type Action, type Assertion } from '@trustnxt/c2pa-ts/manifest';
import { LocalTimestampProvider } from '@trustnxt/c2pa-ts/rfc3161';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { GifAsset } from '../../src/server/features/provenance/gif-asset';
import { PdfAsset } from '../../src/server/features/provenance/pdf-asset';
import { WebpAsset } from '../../src/server/features/provenance/webp-asset';

/**
 * Test support: signs small images with C2PA manifests the way a camera or an AI image tool would, with a test-only
 * certificate authority made here in memory (nothing is shipped, nothing is trusted outside the test).
 */
const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

let signerPromise: Promise<{ signer: LocalSigner; timestamps: LocalTimestampProvider }> | null = null;

const makeSigner = async () => {
  x509.cryptoProvider.set(globalThis.crypto);
  const day = 86_400_000;
  const caKeys = await globalThis.crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Humanmade Test CA, O=Humanmade Test',
    notBefore: new Date(Date.now() - day),
    notAfter: new Date(Date.now() + 365 * day),
    signingAlgorithm: ALGORITHM,
    keys: caKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const leafKeys = await globalThis.crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: 'CN=Test Camera Co, O=Test Camera Co',
    issuer: ca.subject,
    notBefore: new Date(Date.now() - day),
    notAfter: new Date(Date.now() + 365 * day),
    signingAlgorithm: ALGORITHM,
    publicKey: leafKeys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      // Email protection is one of the extended key uses C2PA accepts for a claim signer.
      new x509.ExtendedKeyUsageExtension(['1.3.6.1.5.5.7.3.4']),
      // C2PA's certificate profile asks a certificate that another signed to name that key, as every real one does.
      await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const key = new Uint8Array(await globalThis.crypto.subtle.exportKey('pkcs8', leafKeys.privateKey));
  return { signer: new LocalSigner(key, CoseAlgorithmIdentifier.ES256, leaf, [ca]), timestamps: new LocalTimestampProvider(leaf, key, [ca]) };
};

let selfSignedPromise: Promise<{ signer: LocalSigner; timestamps: LocalTimestampProvider }> | null = null;

/**
 * A signer whose certificate signs itself and carries no extensions: what anyone can make in a minute, naming any
 * camera they like. C2PA's certificate profile refuses it (signingCredential.invalid).
 */
const makeSelfSignedSigner = async () => {
  x509.cryptoProvider.set(globalThis.crypto);
  const day = 86_400_000;
  const keys = await globalThis.crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '03',
    name: 'CN=Canon EOS R5',
    notBefore: new Date(Date.now() - day),
    notAfter: new Date(Date.now() + 365 * day),
    signingAlgorithm: ALGORITHM,
    keys,
  });
  const key = new Uint8Array(await globalThis.crypto.subtle.exportKey('pkcs8', keys.privateKey));
  return { signer: new LocalSigner(key, CoseAlgorithmIdentifier.ES256, certificate, []), timestamps: new LocalTimestampProvider(certificate, key, []) };
};

const openForSigning = async (file: Buffer) => {
  if (PdfAsset.canRead(file)) return PdfAsset.open(file);
  if (PNG.canRead(file)) return new PNG(file);
  if (WebpAsset.canRead(file)) return new WebpAsset(file);
  if (GifAsset.canRead(file)) return new GifAsset(file);
  return new JPEG(file);
};

/** An action with the time the file says it was done (C2PA's `when`, a date-time string). */
export type DatedAction = Action & { when?: string };

/**
 * Actions that keep their `when`: c2pa-ts writes an action without it, so it is put back into the CBOR written.
 */
class DatedActionAssertion extends ActionAssertion {
  override generateJUMBFBoxForContent(claim: Parameters<ActionAssertion['generateJUMBFBoxForContent']>[0]) {
    const box = super.generateJUMBFBoxForContent(claim) as ReturnType<ActionAssertion['generateJUMBFBoxForContent']> & { content: { actions: Array<Record<string, unknown>> } };
    box.content.actions.forEach((written, index) => {
      const { when } = this.actions[index] as DatedAction;
      if (when) written.when = when;
    });
    return box;
  }
}

/**
 * Signs a JPEG, PNG, WebP, GIF or PDF (the PDF's manifest in an appended update, as a PDF editor would write it), with
 * the given actions and any further assertions (IPTC metadata, say). `timestamp: false` signs without a time-stamp,
 * as a tool with no time-stamp authority does: the claim then says when it was made only in its actions' `when`.
 */
export const signWithManifest = async (
  file: Buffer,
  generator: string,
  actions: DatedAction[],
  assertions: Assertion[] = [],
  options: { selfSigned?: boolean; timestamp?: boolean } = {},
): Promise<Buffer> => {
  const { signer, timestamps } = await (options.selfSigned ? (selfSignedPromise ??= makeSelfSignedSigner()) : (signerPromise ??= makeSigner()));
  const asset = await openForSigning(file);
  const store = new ManifestStore();
  const manifest = store.createManifest({
    claimVersion: ClaimVersion.V2,
    assetFormat: asset.mimeType,
    instanceID: `xmp:iid:${globalThis.crypto.randomUUID()}`,
    defaultHashAlgorithm: 'SHA-256',
    signer,
  });
  if (manifest.claim) manifest.claim.claimGeneratorName = generator;
  const actionAssertion = new DatedActionAssertion();
  actionAssertion.label = 'c2pa.actions.v2';
  actionAssertion.actions = actions;
  manifest.addAssertion(actionAssertion);
  for (const assertion of assertions) manifest.addAssertion(assertion);
  const binding = DataHashAssertion.create('SHA-256');
  manifest.addAssertion(binding);
  await asset.ensureManifestSpace(store.measureSize());
  await binding.updateWithAsset(asset);
  await manifest.sign(signer, options.timestamp === false ? undefined : timestamps);
  await asset.writeManifestJUMBF(store.getBytes());
  return Buffer.from(await asset.getDataRange());
};

/** A one-page PDF of notes, written by pdf-lib (`objectStreams`: its objects in compressed object streams). */
export const notesPdf = async (text = 'Process notes', objectStreams = false): Promise<Buffer> => {
  const document = await PDFDocument.create();
  const page = document.addPage([420, 300]);
  page.drawText(text, { x: 32, y: 240, size: 16, font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save({ useObjectStreams: objectStreams }));
};

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** A small noisy picture: noise, so that no two fixtures look alike to the near-copy check. */
export const noiseImage = (format: ImageFormat = 'jpeg', background = '#8a6a4a') => {
  const image = sharp({ create: { width: 96, height: 64, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 60 } } });
  return image.toFormat(format).toBuffer();
};

/** An image whose manifest says an AI model made it (IPTC trainedAlgorithmicMedia). */
export const aiDeclaredImage = async (format: ImageFormat = 'jpeg', base?: Buffer) =>
  signWithManifest(base ?? (await noiseImage(format)), 'Imagine Studio', [
    { action: 'c2pa.created', digitalSourceType: `${IPTC}trainedAlgorithmicMedia` as Action['digitalSourceType'], softwareAgent: { name: 'Imagine Diffusion 4' } },
  ] as Action[]);

/** A photograph from a camera, then edited in a desktop editor: a plain, human capture-and-edit claim. */
export const cameraClaimImage = async (format: ImageFormat = 'jpeg', base?: Buffer) =>
  signWithManifest(base ?? (await noiseImage(format)), 'Fieldmark Camera', [
    { action: 'c2pa.created', digitalSourceType: `${IPTC}digitalCapture` as Action['digitalSourceType'], softwareAgent: { name: 'Fieldmark M2' } },
    { action: 'c2pa.color_adjustments', softwareAgent: { name: 'Darkroom Pro' } },
  ] as Action[]);

/**
 * The camera claim with no time-stamp, its actions saying when they were done (`when`, as given): a date the file
 * states and nothing checks.
 */
export const datedCameraImage = async (when: { created: string; edited: string }, format: ImageFormat = 'jpeg') =>
  signWithManifest(
    await noiseImage(format),
    'Fieldmark Camera',
    [
      { action: 'c2pa.created', digitalSourceType: `${IPTC}digitalCapture` as Action['digitalSourceType'], softwareAgent: { name: 'Fieldmark M2' }, when: when.created },
      { action: 'c2pa.color_adjustments', softwareAgent: { name: 'Darkroom Pro' }, when: when.edited },
    ] as DatedAction[],
    [],
    { timestamp: false },
  );

/** The same camera claim, signed with a self-made certificate that names a real camera: not a credential to trust. */
export const selfSignedCameraImage = async (format: ImageFormat = 'jpeg') =>
  signWithManifest(
    await noiseImage(format),
    'Canon EOS R5',
    [{ action: 'c2pa.created', digitalSourceType: `${IPTC}digitalCapture` as Action['digitalSourceType'], softwareAgent: { name: 'Canon EOS R5' } }] as Action[],
    [],
    { selfSigned: true },
  );

/** A PDF whose manifest says an AI model wrote it (IPTC trainedAlgorithmicMedia), as a text generator's export would. */
export const aiDeclaredPdf = async (base?: Buffer) =>
  signWithManifest(base ?? (await notesPdf('Generated brief')), 'Imagine Writer', [
    { action: 'c2pa.created', digitalSourceType: `${IPTC}trainedAlgorithmicMedia` as Action['digitalSourceType'], softwareAgent: { name: 'Imagine Text 3' } },
  ] as Action[]);

/** A PDF written and then edited by people in desktop tools: a plain, human claim. */
export const editorClaimPdf = async (base?: Buffer) =>
  signWithManifest(base ?? (await notesPdf('Sketchbook notes')), 'Pagecraft Desktop', [
    { action: 'c2pa.created', digitalSourceType: `${IPTC}digitalCreation` as Action['digitalSourceType'], softwareAgent: { name: 'Pagecraft 12' } },
    { action: 'c2pa.edited', softwareAgent: { name: 'Pagecraft 12' } },
  ] as Action[]);

/** Generative fill in an editor: a human's photo with a generated part (IPTC compositeWithTrainedAlgorithmicMedia). */
export const generativeFillImage = async (format: ImageFormat = 'png') =>
  signWithManifest(await noiseImage(format), 'Darkroom Pro', [
    { action: 'c2pa.created', digitalSourceType: `${IPTC}digitalCapture` as Action['digitalSourceType'], softwareAgent: { name: 'Fieldmark M2' } },
    { action: 'c2pa.edited', digitalSourceType: `${IPTC}compositeWithTrainedAlgorithmicMedia` as Action['digitalSourceType'], softwareAgent: { name: 'Darkroom Pro' } },
  ] as Action[]);

/** A picture a program generated by rule, not a trained model (IPTC algorithmicMedia): still generated, not made by hand. */
export const algorithmicImage = async (format: ImageFormat = 'png') =>
  signWithManifest(await noiseImage(format), 'Pattern Engine', [
    { action: 'c2pa.created', digitalSourceType: `${IPTC}algorithmicMedia` as Action['digitalSourceType'], softwareAgent: { name: 'Pattern Engine 2' } },
  ] as Action[]);

/** A claim whose actions state no source type, but whose IPTC metadata (Iptc4xmpExt:DigitalSourceType) says AI made it. */
export const iptcMetadataAiImage = async (format: ImageFormat = 'png') => {
  const metadata = new MetadataAssertion();
  metadata.entries = [{ namespace: 'http://iptc.org/std/Iptc4xmpExt/2008-02-29/', name: 'DigitalSourceType', value: `${IPTC}trainedAlgorithmicMedia` }] as MetadataAssertion['entries'];
  return signWithManifest(await noiseImage(format), 'Export Studio', [{ action: 'c2pa.created', softwareAgent: { name: 'Export Studio 5' } }] as Action[], [metadata]);
};

/**
 * A claim that states no source type anywhere, but whose `action` was done by the software agent `agent` (a
 * generative AI tool on the maintained list, say), as an older or terser tool writes it. Any action but
 * 'c2pa.created' follows a plain one, since a claim's actions begin with a creation.
 */
export const aiToolActionImage = async (agent: string, action = 'c2pa.created', format: ImageFormat = 'png') =>
  signWithManifest(await noiseImage(format), 'Asset Exporter', [
    ...(action === 'c2pa.created' ? [] : [{ action: 'c2pa.created', softwareAgent: { name: 'Sketchpad 3' } }]),
    { action, softwareAgent: { name: agent } },
  ] as Action[]);
