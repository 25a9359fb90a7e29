/**
 * An editor's wrong edit must fail the build with the file and the field named. Each case copies
 * the project's sources to a temporary folder, breaks one content file and runs `astro sync`,
 * which validates every collection exactly as `astro build` does.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const project = resolve(import.meta.dirname, '../../..');
const copies: string[] = [];

function syncWithEdit(file: string, edit: (text: string) => string) {
  const dir = mkdtempSync(join(tmpdir(), 'content-schema-'));
  copies.push(dir);
  // functions/: the build reads the enquiry store's retention and the mail settings from it.
  for (const name of ['src', 'public', 'functions', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    cpSync(join(project, name), join(dir, name), { recursive: true });
  }
  symlinkSync(join(project, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const target = join(dir, file);
  const before = readFileSync(target, 'utf8');
  const after = edit(before);
  if (after === before) throw new Error(`The edit did not change ${file}`);
  writeFileSync(target, after);
  const result = spawnSync(process.execPath, [join(project, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('content schemas', () => {
  it('accept the content as committed', () => {
    const result = syncWithEdit('src/content/pages/home.yaml', (text) => `${text}\n# unchanged\n`);
    expect(result.output).not.toMatch(/error/i);
    expect(result.status).toBe(0);
  });

  it('reject a price written as text, naming the file and the field', () => {
    const result = syncWithEdit('src/content/services/shopify.yaml', (text) =>
      text.replace('price: 999', 'price: "£999"'),
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('src/content/services/shopify.yaml');
    expect(result.output).toContain('packages.items.1.price');
    expect(result.output).toContain('must be a number of pounds');
  });

  it('reject a package with no name', () => {
    const result = syncWithEdit('src/content/services/content.yaml', (text) =>
      text.replace('- name: Starter Copy Package\n      price: 249', '- price: 249'),
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('src/content/services/content.yaml');
    expect(result.output).toContain('packages.items.0.name');
  });

  it('reject a founder photo with no description for people who cannot see it', () => {
    const result = syncWithEdit('src/content/founders/amelia-hart.md', (text) =>
      text.replace(/^photoAlt:.*\n/m, ''),
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('src/content/founders/amelia-hart.md');
    expect(result.output).toContain('photoAlt');
  });

  it('reject two packages marked popular on one page', () => {
    const result = syncWithEdit('src/content/services/shopify.yaml', (text) =>
      text.replace(
        '    - name: Basic\n      price: 400\n',
        '    - name: Basic\n      price: 400\n      popular: true\n',
      ),
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('src/content/services/shopify.yaml');
    expect(result.output).toContain('only one package can be marked popular');
  });

  it('reject a card icon the site cannot draw, naming the icons it can', () => {
    const result = syncWithEdit('src/content/services/content.yaml', (text) =>
      text.replace('  icon: content\n', '  icon: rocket\n'),
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('src/content/services/content.yaml');
    expect(result.output).toContain('card.icon');
    expect(result.output).toMatch(/must be one of the site’s icons: .*\bcalendar\b/);
  });

  it('reject a search description that search results would cut', () => {
    const result = syncWithEdit('src/content/pages/about.yaml', (text) =>
      text.replace(/^( {2}description: )(.*)$/m, (_, key: string, value: string) => key + value.repeat(3)),
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('src/content/pages/about.yaml');
    expect(result.output).toContain('seo.description');
  });

  it('reject a company entry by its legal form, naming the file and the field', () => {
    const noNumber = syncWithEdit('src/content/company.yaml', (text) =>
      text.replace(/^companyNumber: .*$/m, ''),
    );
    expect(noNumber.status).not.toBe(0);
    expect(noNumber.output).toContain('src/content/company.yaml');
    expect(noNumber.output).toMatch(/companyNumber: is required for a private limited company/);

    const badPostcode = syncWithEdit('src/content/company.yaml', (text) =>
      text.replace(/^( {2}postcode: ).*$/m, '$1SW1A1AA'),
    );
    expect(badPostcode.status).not.toBe(0);
    expect(badPostcode.output).toContain('registeredOffice.postcode');
    expect(badPostcode.output).toContain('must be a UK postcode');
  });
});
