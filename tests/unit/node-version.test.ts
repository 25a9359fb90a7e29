/**
 * Node's version has one home: the `node` development dependency in package.json, the Node that
 * every npm script runs (`node_modules/.bin/node`). Every other place that names it is held to
 * its major version here; Netlify and nvm read `.nvmrc`, so netlify.toml names no version.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface PackageJson {
  engines?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const read = (file: string) => readFileSync(file, 'utf8');
const pkg = JSON.parse(read('package.json')) as PackageJson;
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, PackageJson & { version?: string }>;
};
const pinned = pkg.devDependencies?.node ?? '';
const major = /^\^(\d+)\.\d+\.\d+$/.exec(pinned)?.[1] ?? '';

describe('Node’s version', () => {
  it('is pinned once, as the node development dependency, to one major version', () => {
    expect(pinned).toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(lock.packages['node_modules/node']?.version?.split('.')[0]).toBe(major);
  });

  it('engines asks for that major, in package.json and in the lockfile', () => {
    expect(pkg.engines?.node).toBe(`>=${major}`);
    expect(lock.packages['']?.engines).toEqual(pkg.engines);
  });

  it('.nvmrc names that major (nvm and Netlify read it), and netlify.toml leaves it to .nvmrc', () => {
    expect(read('.nvmrc').trim()).toBe(major);
    expect(read('netlify.toml')).not.toMatch(/NODE_VERSION/);
  });

  it('the type definitions describe that Node', () => {
    expect(pkg.devDependencies?.['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
  });

  it('every workflow takes that major, or reads .nvmrc', () => {
    const folder = '.github/workflows';
    const workflows = existsSync(folder) ? readdirSync(folder).filter((name) => /\.ya?ml$/.test(name)) : [];
    for (const name of workflows) {
      const text = read(join(folder, name));
      for (const [, version] of text.matchAll(/node-version:\s*['"]?([^'"\s#]+)/g))
        expect(version?.split('.')[0], name).toBe(major);
      for (const [, file] of text.matchAll(/node-version-file:\s*['"]?([^'"\s#]+)/g))
        expect(file, name).toBe('.nvmrc');
    }
  });

  it('the README names that major wherever it names one', () => {
    const named = [...read('README.md').matchAll(/\bNode (\d+)\b/g)].map(([, version]) => version);
    expect(named.length).toBeGreaterThan(0);
    for (const version of named) expect(version).toBe(major);
  });
});
