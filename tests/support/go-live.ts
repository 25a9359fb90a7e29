/**
 * A site's first day live, as the edits an agency makes to the project: the company's real details
 * (a limited company with or without VAT, or a sole trader), every placeholder setting replaced
 * (`goLiveEnv`, in `.env` as on a server running `npm start`), the example post and case study
 * published or deleted (their folders then gone, as in a fresh clone: git keeps no empty folder) and
 * the example founders replaced by other people. Built from what the project holds, whatever it is.
 * tests/integration/src/integrations/launch-check-at-build.go-live.test.ts builds such copies and
 * checks them; applied to a clone, `npm test` must pass there too (CONTRIBUTING, the rules).
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { Company } from '#src/schemas/company.ts';
import { liveEnv, realCompany, writeCompany } from './company.ts';
import { contentOf } from './content.ts';
import { editedFrontMatter } from './yaml-edits.ts';

const { vatNumber: _, ...withoutVat } = realCompany;
const { companyNumber: __, ...unregistered } = withoutVat;

/** The three kinds of business going live. */
export const goLiveCompanies = {
  'limited company with VAT': realCompany,
  'limited company without VAT': withoutVat,
  'sole trader': {
    ...unregistered,
    legalForm: 'sole-trader',
    legalName: 'Joanna Blake',
    tradingName: 'Northfield Studio',
  },
} satisfies Record<string, Company>;

export type GoLiveCompany = keyof typeof goLiveCompanies;

export interface GoLive {
  company: GoLiveCompany;
  /** What becomes of the example post and case study. */
  examples: 'published' | 'deleted';
}

/** Every setting the launch check and src/site.config.ts list, at a live value. */
export const goLiveEnv = { ...liveEnv, PUBLIC_BRAND_NAME: 'Northfield' };

/** The people who replace the example founders, in `order`: none shares a name with them. */
const people = [
  { id: 'priya-shah', name: 'Priya Shah' },
  { id: 'tom-okafor', name: 'Tom Okafor' },
  { id: 'lena-fischer', name: 'Lena Fischer' },
  { id: 'owen-price', name: 'Owen Price' },
];

const articleFolders = ['src/content/blog', 'src/content/case-studies'];

/** Each founder's file replaced by another person's, with the same role and photo: old id → new id. */
function replaceFounders(root: string): Map<string, string> {
  const founders = contentOf(root).founders;
  const taken = new Set(founders.flatMap((founder) => [founder.id, founder.name]));
  const newcomers = people.filter((person) => !taken.has(person.id) && !taken.has(person.name));
  const renamed = new Map<string, string>();
  founders.forEach((founder, index) => {
    const person = newcomers[index] ?? { id: `founder-${index + 1}`, name: `Founder ${index + 1}` };
    const folder = join(root, 'src/content/founders');
    const photo = `${person.id}${founder.photoFile.slice(founder.photoFile.lastIndexOf('.'))}`;
    renameSync(join(root, founder.photoFile), join(folder, photo));
    const text = editedFrontMatter(readFileSync(join(folder, `${founder.id}.md`), 'utf8'), (document) => {
      document.set('name', person.name);
      document.set('photo', `./${photo}`);
      document.set('photoAlt', `Portrait of ${person.name}`);
    });
    const frontMatter = /^---\n[\s\S]*?\n---\n/.exec(text)![0];
    const bio = `${person.name} joined as ${String(founder['role'])}, leading ${String(founder['focus'])}.`;
    rmSync(join(folder, `${founder.id}.md`));
    writeFileSync(join(folder, `${person.id}.md`), `${frontMatter}\n${bio}\n`);
    renamed.set(founder.id, person.id);
  });
  return renamed;
}

/** Every draft post and case study published, its author the founder who replaced theirs. */
function publishArticles(root: string, founders: Map<string, string>) {
  for (const folder of articleFolders.map((path) => join(root, path)).filter(existsSync)) {
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.md'))) {
      const path = join(folder, file);
      const text = editedFrontMatter(readFileSync(path, 'utf8'), (document) => {
        document.delete('draft');
        const author = String(document.get('author') ?? '');
        if (founders.has(author)) document.set('author', founders.get(author));
      });
      writeFileSync(path, text);
    }
  }
}

/** Makes the project in `root` go live as `edits` say. */
export function writeGoLive(root: string, edits: GoLive): void {
  writeCompany(root, stringify(goLiveCompanies[edits.company]));
  const founders = replaceFounders(root);
  if (edits.examples === 'published') publishArticles(root, founders);
  else for (const folder of articleFolders) rmSync(join(root, folder), { recursive: true, force: true });
  const settings = Object.entries(goLiveEnv).map(([name, value]) => `${name}=${value}`);
  writeFileSync(join(root, '.env'), `${settings.join('\n')}\n`);
}
