/**
 * The rules CONTRIBUTING.md states that no linter checks: small files and a short README, the
 * environment read in one module per runtime, the functions apart from pages and islands, test
 * tooling under tests/, the tooling the tests and the bench share in tools/, browser tests that
 * never wait for network idle.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configModules } from '#support/config-modules.ts';

const project = resolve(import.meta.dirname, '../..');
const filesUnder = (root: string, pattern: RegExp) =>
  readdirSync(join(project, root), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => relative(project, join(entry.parentPath, entry.name)));
const code = /\.(ts|tsx|mts|astro)$/;
const runtime = ['src', 'enquiries', 'functions', 'server', 'scripts', 'tools'].flatMap((root) =>
  filesUnder(root, code),
);
/** What runs in production: the site's build, the functions, the local server (not scripts/ nor tools/). */
const served = runtime.filter((file) => !/^(scripts|tools)\//.test(file));
const lines = (file: string) => readFileSync(join(project, file), 'utf8').split('\n').length;
const read = (file: string) => readFileSync(join(project, file), 'utf8');
const importsOf = (file: string) =>
  [...read(file).matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map(([, spec = '']) => spec);

describe('conventions', () => {
  it('keeps runtime files under 250 lines and test files under 400', () => {
    expect(runtime.filter((file) => lines(file) > 250)).toEqual([]);
    const tests = filesUnder('tests', /\.ts$/).filter((file) => lines(file) > 400);
    expect(tests).toEqual([]);
  });

  it('keeps the README a manual a newcomer reads in ten minutes: at most 300 lines', () => {
    // Figures, journals and the details behind a section go to docs/, which the README points to.
    expect(lines('README.md')).toBeLessThanOrEqual(300);
  });

  it('reads the environment only in the configuration module of each runtime', () => {
    // A renamed module must be renamed here too, or the rule would quietly stop covering it.
    expect(configModules.filter((file) => !existsSync(join(project, file)))).toEqual([]);
    // Entry points hand the whole environment in (`serverConfig(process.env)`); Astro's MODE is
    // the build's mode, not a setting.
    const reads = /process\.env\.|process\.env\[|import\.meta\.env\.(?!MODE\b)|Netlify\.env\./;
    const readers = served.filter((file) => !configModules.includes(file) && reads.test(read(file)));
    expect(readers).toEqual([]);
  });

  it('keeps the functions apart from pages, components and islands, and test tooling out of runtime code', () => {
    const functionFiles = runtime.filter((file) => file.startsWith('functions/'));
    expect(functionFiles.length).toBeGreaterThan(0);
    expect(
      functionFiles.filter((file) =>
        importsOf(file).some((spec) => /(pages|components|islands|layouts)\//.test(spec)),
      ),
    ).toEqual([]);
    expect(
      served.filter((file) =>
        importsOf(file).some((spec) => /(^|\/)tests\/|^#support\/|^vitest|^@playwright\/test/.test(spec)),
      ),
    ).toEqual([]);
  });

  it('shares tooling between the tests and the scripts only through tools/', () => {
    // A test may still import a script's module to test that script; the tests' helpers may not.
    const importing = (files: string[], pattern: RegExp) =>
      files.filter((file) => importsOf(file).some((spec) => pattern.test(spec)));
    const tools = runtime.filter((file) => file.startsWith('tools/'));
    const scripts = runtime.filter((file) => file.startsWith('scripts/'));
    expect(tools.length).toBeGreaterThan(0);
    expect(importing([...scripts, ...tools], /(^|\/)tests\/|^#support\//)).toEqual([]);
    expect(importing(tools, /(^|\/)scripts\/|^#scripts\//)).toEqual([]);
    expect(importing(filesUnder('tests/support', code), /(^|\/)scripts\/|^#scripts\//)).toEqual([]);
  });

  it('has browser tests wait for what they need, never for the network to go idle', () => {
    // Idle is a guess a loaded machine can miss for minutes (tests/support/settled.ts says what instead).
    const idle = filesUnder('tests', /\.ts$/).filter((file) => /network[i]dle/.test(read(file)));
    expect(idle).toEqual([]);
  });

  it('keeps islands on plain props, hydrated on interaction', () => {
    const islands = served.filter((file) => file.startsWith('src/islands/'));
    expect(islands.length).toBeGreaterThan(0);
    expect(islands.filter((file) => /site\.config/.test(read(file)))).toEqual([]);
    const directives = served
      .filter((file) => file.endsWith('.astro'))
      .flatMap((file) =>
        [...read(file).matchAll(/\sclient:([a-z]+)/g)].map(([, name]) => `${file}: client:${name}`),
      );
    expect(directives.length).toBeGreaterThan(0);
    expect(directives.filter((directive) => !directive.endsWith('client:interaction'))).toEqual([]);
  });
});
