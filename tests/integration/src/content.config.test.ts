/**
 * An editor's wrong edit must fail the build with the file and the field named. One temporary copy
 * of the project's sources: each case breaks one content file, runs `astro sync` (which validates
 * every collection exactly as `astro build` does) and puts the file back, all cases in one process
 * (`syncEach`). Each mistake is made on what the file holds now (the first service's first package,
 * the first founder), so an editor's valid edits never break these tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type SyncResult } from '#support/project-copy.ts';
import { legalForms } from '#src/schemas/company.ts';
import { currentCompany } from '#support/company.ts';
import { content } from '#support/content.ts';
import { editedFrontMatter, editedYaml } from '#support/yaml-edits.ts';

const copy = copyProject('content-schema');
afterAll(() => copy.cleanup());

const service = `src/content/services/${content.services.find((entry) => entry['packages'])!.id}.yaml`;
const firstPackage = ['packages', 'items', 0];
const founder = `src/content/founders/${readdirSync(join(copy.dir, 'src/content/founders')).find((file) => file.endsWith('.md'))}`;

const form = legalForms[currentCompany().legalForm];

/** Each case's edit: the file and what it makes of the text it holds now. */
const edits = {
  committed: { file: 'src/content/pages/home.yaml', edit: (text: string) => `${text}\n# unchanged\n` },
  priceAsText: {
    file: service,
    edit: (text: string) =>
      editedYaml(text, (document) => {
        const price = [...firstPackage, 'price'];
        document.setIn(price, `£${String(document.getIn(price))}`);
      }),
  },
  packageWithoutName: {
    file: service,
    edit: (text: string) => editedYaml(text, (document) => document.deleteIn([...firstPackage, 'name'])),
  },
  photoWithoutAlt: {
    file: founder,
    edit: (text: string) => editedFrontMatter(text, (document) => document.delete('photoAlt')),
  },
  twoPopular: {
    file: service,
    edit: (text: string) =>
      editedYaml(text, (document) => {
        const first = (document.getIn(firstPackage) as { toJSON(): Record<string, unknown> }).toJSON();
        document.setIn([...firstPackage, 'popular'], true);
        const copy = { ...first, name: `${String(first['name'])} (copy)`, popular: true };
        document.addIn(['packages', 'items'], document.createNode(copy));
      }),
  },
  unknownIcon: {
    file: service,
    edit: (text: string) => editedYaml(text, (document) => document.setIn(['card', 'icon'], 'rocket')),
  },
  longDescription: {
    file: 'src/content/pages/about.yaml',
    edit: (text: string) =>
      editedYaml(text, (document) => {
        const description = ['seo', 'description'];
        document.setIn(description, `${String(document.getIn(description))}${' More words.'.repeat(15)}`);
      }),
  },
  // A company or LLP without its number, or a sole trader or partnership with one.
  wrongCompanyNumber: {
    file: 'src/content/company.yaml',
    edit: (text: string) =>
      editedYaml(text, (document) => {
        if (form.registered) document.delete('companyNumber');
        else document.set('companyNumber', '00000000');
      }),
  },
  badPostcode: {
    file: 'src/content/company.yaml',
    edit: (text: string) =>
      editedYaml(text, (document) => document.setIn(['registeredOffice', 'postcode'], 'SW1A1AA')),
  },
};

let synced: Record<keyof typeof edits, SyncResult>;
beforeAll(() => {
  const texts = Object.fromEntries(
    Object.entries(edits).map(([name, { file, edit }]) => {
      const before = readFileSync(join(copy.dir, file), 'utf8');
      const text = edit(before);
      if (text === before) throw new Error(`The edit ${name} did not change ${file}`);
      return [name, { file, text }];
    }),
  ) as Record<keyof typeof edits, { file: string; text: string }>;
  synced = copy.syncEach(texts);
});

describe('content schemas', () => {
  it('accept the content as committed', () => {
    expect(synced.committed.output).not.toMatch(/error/i);
    expect(synced.committed.status).toBe(0);
  });

  it('reject a price written as text, naming the file and the field', () => {
    const result = synced.priceAsText;
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(service);
    expect(result.output).toContain('packages.items.0.price');
    expect(result.output).toContain('must be a number of pounds');
  });

  it('reject a package with no name', () => {
    const result = synced.packageWithoutName;
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(service);
    expect(result.output).toContain('packages.items.0.name');
  });

  it('reject a founder photo with no description for people who cannot see it', () => {
    const result = synced.photoWithoutAlt;
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(founder);
    expect(result.output).toContain('photoAlt');
  });

  it('reject two packages marked popular on one page', () => {
    const result = synced.twoPopular;
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(service);
    expect(result.output).toContain('only one package can be marked popular');
  });

  it('reject a card icon the site cannot draw, naming the icons it can', () => {
    const result = synced.unknownIcon;
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(service);
    expect(result.output).toContain('card.icon');
    expect(result.output).toMatch(/must be one of the site’s icons: .*\bcalendar\b/);
  });

  it('reject a search description that search results would cut', () => {
    const result = synced.longDescription;
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('src/content/pages/about.yaml');
    expect(result.output).toContain('seo.description');
  });

  it('reject a company entry by its legal form, naming the file and the field', () => {
    const wrongNumber = synced.wrongCompanyNumber;
    expect(wrongNumber.status).not.toBe(0);
    expect(wrongNumber.output).toContain('src/content/company.yaml');
    expect(wrongNumber.output).toContain(
      form.registered
        ? `companyNumber: is required for ${form.words}`
        : `${form.words} has no company number`,
    );

    const badPostcode = synced.badPostcode;
    expect(badPostcode.status).not.toBe(0);
    expect(badPostcode.output).toContain('registeredOffice.postcode');
    expect(badPostcode.output).toContain('must be a UK postcode');
  });
});
