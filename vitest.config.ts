import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { serviceLinksPlugin } from './src/integrations/service-links.ts';

/**
 * Two folders, both run by `npx vitest run` (and so by `npm test`), each mirroring the
 * code: in-memory unit tests, and integration tests that build a temporary copy of the site, talk
 * to real SMTP servers, start child processes or bundle the functions (`--project integration`).
 */
/** The unit tests of src/lib and src/schemas: pure functions, no module state, no mocks. */
const pureLogicTests = ['tests/unit/src/lib/**/*.test.ts', 'tests/unit/src/schemas/**/*.test.ts'];

export default defineConfig({
  // The services' menu links, as the build gives them to the pages and islands.
  plugins: [serviceLinksPlugin(fileURLToPath(new URL('.', import.meta.url)))],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    // A set-up (loading the schemas through Vite, starting a server) waits as long as a test may:
    // Vitest's 10 s default ran out on a machine shared with another suite.
    hookTimeout: 30_000,
    // Integration tests spend most of their time waiting on child builds and servers: one worker
    // more than the cores keeps them busy (Vitest's default is one fewer, a single worker on two).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: pureLogicTests },
      },
      // The pure logic's tests share their workers' module cache, without per-file isolation (the
      // unit tests' CPU time 36 → 30 s): they hold no state, mock nothing and start nothing.
      { extends: true, test: { name: 'unit-pure', include: pureLogicTests, isolate: false } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // A full build on a shared machine can take minutes.
          hookTimeout: 600_000,
          testTimeout: 120_000,
        },
      },
    ],
  },
});
