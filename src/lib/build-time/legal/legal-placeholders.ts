/**
 * The `{name}` placeholders the legal pages (src/content/legal/*.md) must keep: each stands for a
 * fact the law requires on that page and the code or the company entry supplies, so an editor can
 * reword the prose around it but cannot drop the fact. A page missing one stops the build.
 */
const requiredPlaceholders = {
  privacy: [
    'legalName',
    'registeredOffice',
    'controllerEmail',
    'requiredFields',
    'deliveredRetention',
    'undeliverableRetention',
    'complaintAcknowledgement',
    'icoWebsite',
    'icoHelpline',
    'cookieTable',
  ],
  terms: ['businessIdentity', 'governingLaw'],
} as const;

export type LegalPageName = keyof typeof requiredPlaceholders;

/** An error naming the file and each placeholder it lacks, or undefined when all are there. */
export function missingPlaceholderError(page: LegalPageName, markdown: string): string | undefined {
  const missing = requiredPlaceholders[page].filter((name) => !markdown.includes(`{${name}}`));
  if (missing.length === 0) return undefined;
  return (
    `src/content/legal/${page}.md must keep ${missing.map((name) => `{${name}}`).join(', ')}: ` +
    'each is a fact the law requires on this page, filled in from the code or src/content/company.yaml'
  );
}

/**
 * Splits rendered HTML at a placeholder written as a paragraph of its own (`{cookieTable}` on its
 * own line), so a component can render a block there: `[before, after]`.
 */
export function splitAtBlock(html: string, name: string): [string, string] {
  const [before = '', after, ...more] = html.split(`<p>{${name}}</p>`);
  if (after === undefined || more.length > 0) {
    throw new Error(`{${name}} must stand once on a line of its own in the page's Markdown`);
  }
  return [before, after];
}
