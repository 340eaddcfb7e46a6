import { defineConfig } from 'vitest/config';

/** The corpus suite: real public files from ../shared/corpus (skipped, with a notice, when that folder is absent). */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/corpus/**/*.test.ts'],
    setupFiles: ['reflect-metadata'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
