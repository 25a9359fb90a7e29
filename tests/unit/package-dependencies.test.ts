/**
 * The rule CONTRIBUTING.md states for package.json: `dependencies` are what the build, the
 * functions and the local server load when they run (so `npm ci --omit=dev` can build and serve
 * the site); `devDependencies` are what only tests, checks, the bench and the editor tooling
 * use, plus type-only packages (`import type`, erased before anything runs).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const project = resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
/** The code that runs when the site is built, served or answers an enquiry. */
const runtimeRoots = ['src', 'enquiries', 'functions', 'server', 'astro.config.mjs'];
/** `node` pins the npm scripts' Node; a host runs its own Node 24 (README, "Deploying to Netlify"). */
const devOnlyAtRuntime = new Set(['node']);

function files(path: string): string[] {
  const full = join(project, path);
  if (!readdirSync(join(full, '..')).includes(path.split('/').pop() ?? '')) return [];
  try {
    return readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs|js|astro|css)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [full];
  }
}

/** Every package the file loads when it runs: imports, `require.resolve`, font packages it copies. */
function packagesLoaded(text: string): string[] {
  const runtime = text
    .replace(/^\s*(import|export) type\b[\s\S]*?from\s*['"][^'"]+['"]/gm, '')
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/)/.test(line))
    .join('\n');
  const specifiers = [
    ...runtime.matchAll(
      /(?:from|import|(?<![\w])resolve\(|require\.resolve\(|import\(|packageName:|@plugin|@import)\s*['"`]([^'"`$]+)/g,
    ),
  ].map(([, specifier = '']) => specifier);
  return specifiers
    .filter(
      (specifier) => /^(@[\w.-]+\/)?[\w.-]+/.test(specifier) && !/^(node|astro|virtual):/.test(specifier),
    )
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

describe('dependencies and devDependencies', () => {
  const loaded = new Map<string, string>();
  for (const root of runtimeRoots) {
    for (const file of files(root)) {
      for (const name of packagesLoaded(readFileSync(file, 'utf8')))
        loaded.set(name, file.slice(project.length + 1));
    }
  }

  it('finds the packages the runtime code loads', () => {
    expect(loaded.get('astro')).toBeDefined();
    expect(loaded.get('nodemailer')).toBeDefined();
  });

  it('lists every package the build, the functions or the server load in dependencies', () => {
    const misplaced = [...loaded].filter(
      ([name]) => name in manifest.devDependencies && !devOnlyAtRuntime.has(name),
    );
    expect(misplaced, 'move these to dependencies (package, a file that loads it)').toEqual([]);
  });

  it('lists in dependencies only what runs, or what a dependency needs beside it', () => {
    const peers = new Set(['react-dom']); // @astrojs/react renders with react-dom/server
    const unused = Object.keys(manifest.dependencies).filter((name) => !loaded.has(name) && !peers.has(name));
    expect(unused, 'move these to devDependencies').toEqual([]);
  });
});
