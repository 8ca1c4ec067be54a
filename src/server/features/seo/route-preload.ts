import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { builtWebRoot } from '../../paths';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const manifestFile = path.join(builtWebRoot, '.vite/manifest.json');

/** Which lazy modules each public route renders first (see src/web/router.tsx). */
const ROUTE_MODULES: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^\/$/, ['pages/home-page.tsx']],
  [/^\/about$/, ['pages/about-page.tsx']],
  [/^\/how-it-works$/, ['pages/how-it-works-page.tsx']],
  [/^\/contact$/, ['pages/contact-page.tsx']],
  [/^\/for-makers$/, ['pages/for-makers-page.tsx']],
  [/^\/for-minds$/, ['pages/for-minds-page.tsx']],
  [/^\/ai-policy$/, ['components/layout/query-layout.tsx', 'pages/ai-policy-page.tsx']],
  [/^\/verify$/, ['components/layout/query-layout.tsx', 'pages/verify-page.tsx']],
  [/^\/auth$/, ['components/layout/query-layout.tsx', 'pages/auth-page.tsx']],
  [/^\/marketplace$/, ['components/layout/query-layout.tsx', 'pages/marketplace-page.tsx']],
  [/^\/studio\/[^/]+$/, ['components/layout/query-layout.tsx', 'pages/studio-page.tsx']],
];

let cached: Manifest | null | undefined;

const loadManifest = (): Manifest | null => {
  if (cached === undefined) cached = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : null;
  return cached;
};

/**
 * The route's own chunks and their shared imports, so the browser fetches them beside the entry instead of
 * only after the entry has run and the router has asked for them (one round trip less before content).
 */
export const routePreloads = (pathname: string, manifest: Manifest | null = loadManifest()): string[] =>
  modulePreloads(ROUTE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1] ?? [], manifest);

/** The not-found page's chunk, for every address that renders it. */
export const notFoundPreloads = (manifest: Manifest | null = loadManifest()): string[] => modulePreloads(['pages/not-found-page.tsx'], manifest);

const modulePreloads = (modules: readonly string[], manifest: Manifest | null): string[] => {
  if (!manifest) return [];
  const collect = (keys: readonly string[], into: Set<string>) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) continue;
      into.add(chunk.file);
      collect(chunk.imports ?? [], into);
    }
    return into;
  };
  // index.html already loads the entry and preloads its imports.
  const entry = collect(
    Object.keys(manifest).filter((key) => manifest[key]?.isEntry),
    new Set(),
  );
  return [...collect(modules, new Set())].filter((file) => !entry.has(file)).map((file) => `/${file}`);
};
