import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // forks (the default): the Temporal native module breaks under worker threads.
    pool: 'forks',
    globalSetup: ['./test/global-setup.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
