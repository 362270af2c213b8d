import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // forks (the default): the Temporal native module breaks under worker threads.
    pool: 'forks',
    globalSetup: ['./test/global-setup.ts', './test/setup/response-totals.ts'],
    // Every response the API tests receive is checked against the OpenAPI document.
    setupFiles: ['./test/setup/responses.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
