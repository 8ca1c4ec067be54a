import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_API_FILES } from '../vitest.config';

const root = path.resolve(import.meta.dirname, '..');

const testFilesUnder = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));

// The unit and api projects share modules between the files a worker runs (isolate: false): a vi.mock there would
// replace a module for whichever files come after it, or come too late for a module already loaded. Such a file
// belongs in the api-isolated project.
describe('test isolation', () => {
  it('runs every test file that mocks a module in the isolated project, and only those', () => {
    const mocking = ['src', 'test', 'scripts']
      .flatMap(testFilesUnder)
      .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(path.join(root, file), 'utf8')))
      .filter((file) => file !== path.join('test', 'isolation.test.ts'))
      .sort();
    expect(mocking).toEqual([...ISOLATED_API_FILES].sort());
  });
});
