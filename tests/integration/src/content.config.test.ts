/**
 * An editor's wrong edit must fail the build with the file and the field named. One temporary copy
 * of the project's sources: each case breaks one content file, runs `astro sync` (which validates
 * every collection exactly as `astro build` does) and puts the file back.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyProject } from '../../../scripts/bench/project-copy.ts';

const copy = copyProject('content-schema');
afterAll(() => copy.cleanup());

function syncWithEdit(file: string, edit: (text: string) => string) {
  const before = readFileSync(join(copy.dir, file), 'utf8');
  const after = edit(before);
  if (after === before) throw new Error(`The edit did not change ${file}`);
  copy.write(file, after);
  try {
    return copy.sync();
  } finally {
    copy.write(file, before);
  }
}

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
