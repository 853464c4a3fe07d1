import { defineConfig } from 'vitest/config';

// One config: engine and notation suites run in Node; browser suites drive Debian's Chromium
// through playwright-core from Node (test tools cannot download browsers on these machines), one
// browser and one dev server for the whole run (test/browser/global-setup.ts).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/browser/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time: vitest's default on 2 cores is one (cores - 1), and most browser files
    // spend their time waiting on a page or a search, not computing.
    maxWorkers: 2,
  },
});
