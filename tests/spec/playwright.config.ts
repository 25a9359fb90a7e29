import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.ts';

/**
 * `npm run test:spec`: the shipped content against the spec's words (/work/shared/spec/SPEC.md's
 * copy, prices and labels), with JavaScript off at desktop size. Apart from `npm test`, whose
 * checks read their expectations from the content files so that an editor's edit keeps them green.
 */
const project = resolve(import.meta.dirname, '../..');
const results = resolve(project, process.env.E2E_RESULTS ?? 'test-results', 'spec');

export default defineConfig({
  ...base,
  testDir: '.',
  outputDir: `${results}/artifacts`,
  reporter: [['list'], ['json', { outputFile: `${results}/playwright.json` }]],
  projects: [{ name: 'spec', use: { viewport: { width: 1280, height: 800 }, javaScriptEnabled: false } }],
  webServer: { ...base.webServer, cwd: project } as typeof base.webServer,
});
