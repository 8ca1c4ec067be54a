import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { features } from './registry';

describe('feature registry', () => {
  it('lists every feature folder that has a routes.ts, once', () => {
    const folders = readdirSync(import.meta.dirname, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(import.meta.dirname, entry.name, 'routes.ts')))
      .map((entry) => entry.name)
      .sort();
    const listed = features.map(({ name }) => name);
    expect([...listed].sort()).toEqual(folders);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('gives each feature a prefix that is empty or starts with a slash', () => {
    for (const { name, prefix } of features) expect(prefix === '' || prefix.startsWith('/'), name).toBe(true);
  });
});
