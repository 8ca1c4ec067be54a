import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The public pages' script budget (decision 017: at most 110 KB of gzipped JS on `/`) is kept by what their static
 * imports reach: a schema or form library reached from the entry or a public page's module is downloaded by every
 * visitor. This walks the static imports (not `import()`, not `import type`) from each and names any path to one.
 */
const webRoot = path.resolve(import.meta.dirname, '../src/web');
const HEAVY = ['zod', 'react-hook-form', '@hookform/resolvers'];

const resolveLocal = (from: string, specifier: string): string | null => {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
};

const STATIC_IMPORT = /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** Every path from `entry` to a heavy package, as 'a.tsx → b.ts → zod'. */
const heavyPaths = (entry: string): string[] => {
  const parents = new Map<string, string | null>();
  const found: string[] = [];
  const stack: Array<[string, string | null]> = [[path.join(webRoot, entry), null]];
  while (stack.length > 0) {
    const [file, parent] = stack.pop()!;
    if (parents.has(file)) continue;
    parents.set(file, parent);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const [, typeOnly, specifier] = match;
      if (typeOnly) continue;
      if (HEAVY.some((name) => specifier === name || specifier.startsWith(`${name}/`))) {
        const chain = [specifier, file];
        for (let up = parent; up; up = parents.get(up) ?? null) chain.push(up);
        found.push(chain.map((step) => (step.startsWith('/') ? path.relative(webRoot, step) : step)).reverse().join(' → '));
      }
      if (specifier.startsWith('.')) {
        const next = resolveLocal(file, specifier);
        if (next) stack.push([next, file]);
      }
    }
  }
  return found;
};

describe('what the entry and the public pages load before any form is opened', () => {
  it('reaches the entry and its layout without the schema and form libraries', () => {
    expect(heavyPaths('main.tsx')).toEqual([]);
  });

  it.each([
    'home-page.tsx',
    'about-page.tsx',
    'how-it-works-page.tsx',
    'for-makers-page.tsx',
    'for-minds-page.tsx',
    'studio-page.tsx',
    'verify-page.tsx',
    'ai-policy-page.tsx',
    'not-found-page.tsx',
  ])('reaches %s without them (its forms and dialogs load on demand)', (page) => {
    expect(heavyPaths(path.join('pages', page))).toEqual([]);
  });

  it('reaches them from the marketplace only through the no-script Contact panel, which the server renders whole', () => {
    // A lazy part would suspend in the server's render and come out hidden behind an inline script (decision 188).
    const paths = heavyPaths(path.join('pages', 'marketplace-page.tsx'));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((chain) => chain.includes('features/marketplace/contact-creator-panel.tsx'))).toBe(true);
  });

  it('reaches no schema library from the marketplace or the Contact page: the contact form loads zod at its first check', () => {
    for (const page of ['marketplace-page.tsx', 'contact-page.tsx']) {
      const schemaPaths = heavyPaths(path.join('pages', page)).filter((chain) => !chain.endsWith('→ react-hook-form'));
      expect(schemaPaths, page).toEqual([]);
    }
  });

  it('finds the path when a page does reach one (the check can fail)', () => {
    // The log-in and sign-up forms validate with the shared schemas as they render, so they reach zod and the form library.
    const paths = heavyPaths(path.join('pages', 'auth-page.tsx'));
    expect(paths.some((chain) => chain.endsWith('→ zod'))).toBe(true);
    expect(paths.some((chain) => chain.startsWith('pages/auth-page.tsx → '))).toBe(true);
  });
});
