import { defineConfig } from 'vitest/config';

/**
 * Test files that mock a module (vi.mock): they run isolated, in a project of their own (test/isolation.test.ts). None
 * of the unit tests does; an API test that must goes here.
 */
export const ISOLATED_API_FILES = ['src/server/features/projects/stale-transition.test.ts'];

/**
 * Four projects: unit (domain and web components), api (app.inject against a real database), api-isolated (the API
 * files that mock a module) and e2e (browser journeys in Debian's Chromium against the built app, run by `npm test`
 * after the build).
 */

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Component tests load lazy route chunks; on a busy 2-core machine that can take several seconds.
          testTimeout: 30000,
          // Isolated, unlike the api project (decision 209): sharing modules here let a lazy route import from one file
          // land after its jsdom window was torn down, failing the next file.
          include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...ISOLATED_API_FILES, '**/node_modules/**'],
          // Migrates one database per run, which each file's database is copied from (test/support/database-template.ts).
          globalSetup: ['test/support/database-template.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // Each file opens its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // A worker keeps its modules from one file to the next instead of importing the whole server again for
          // each (decision 209): 19 project, review and conversation files took 85 s instead of 153 s. Every file
          // builds its own app on its own database, and the server keeps no state outside them (its caches are
          // keyed by app or database), so nothing carries over but compiled code.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The few files that replace a module with vi.mock, which needs a module registry of their own.
        test: {
          name: 'api-isolated',
          include: ISOLATED_API_FILES,
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // As the api project's (projects that run together must agree on it); one file uses one worker.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          // One server and one browser: journeys run one file at a time.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 60000,
          hookTimeout: 120000,
        },
      },
    ],
  },
});
