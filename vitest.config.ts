import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: ['test/corpus/**', 'node_modules/**'],
    setupFiles: ['reflect-metadata'],
    testTimeout: 30_000,
  },
});
