import { defineConfig } from 'vitest/config';

/**
 * Three projects: unit (domain and web components), api (app.inject against a real database) and e2e
 * (browser journeys in Debian's Chromium against the built app, run by `npm test` after the build).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Component tests load lazy route chunks; on a busy 2-core machine that can take several seconds.
          testTimeout: 30000,
          include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts', 'test/**/*.test.ts'],
          // Migrates one database per run, which each file's database is copied from (test/support/database-template.ts).
          globalSetup: ['test/support/database-template.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // Each file opens its own database; two at a time suits a 2-core machine.
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
