/**
 * The editor's script asks third parties for its fonts (jsDelivr), its translations and an update
 * check (unpkg), and GitHub's status. The copy the site serves asks its own origin instead: these
 * are the addresses in the pinned version's script and the package files that replace them.
 */
import { cmsAdmin } from './cms-admin.ts';

interface FontReplacement {
  /** The address in the editor's script. */
  cdn: string;
  /** The same font file inside an installed package. */
  packageName: string;
  file: string;
}

const jsdelivr = 'https://cdn.jsdelivr.net/fontsource/fonts';

export const fonts: FontReplacement[] = [
  {
    cdn: `${jsdelivr}/source-sans-3:vf@5.3.0/latin-wght-normal.woff2`,
    packageName: '@fontsource-variable/source-sans-3',
    file: 'files/source-sans-3-latin-wght-normal.woff2',
  },
  {
    cdn: `${jsdelivr}/noto-mono@5.3.0/latin-400-normal.woff2`,
    packageName: '@fontsource/noto-mono',
    file: 'files/noto-mono-latin-400-normal.woff2',
  },
  {
    cdn: `${jsdelivr}/material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2`,
    packageName: '@fontsource-variable/material-symbols-outlined',
    file: 'files/material-symbols-outlined-latin-wght-normal.woff2',
  },
];

/** Where the script looks for its package (`<base>/package.json`, `<base>@<version>/locales`). */
const packageBase = { unpkg: 'https://unpkg.com/@sveltia/cms', own: `${cmsAdmin.page}/cms` } as const;

/** A font's own-origin address, e.g. /admin/fonts/noto-mono-latin-400-normal.woff2. */
export const fontPath = (font: FontReplacement) => `${cmsAdmin.page}/fonts/${font.file.split('/').pop()}`;

/**
 * GitHub's status page, asked on the sign-in screen: answered in place with "no incident", so the
 * editor warns of none instead of calling a third party before anyone signs in.
 */
const githubStatus = {
  url: 'https://www.githubstatus.com/api/v2/status.json',
  answer: `data:application/json,${encodeURIComponent(JSON.stringify({ status: { indicator: 'none' } }))}`,
};

/** The editor's script with every third-party address above pointing at the site itself. */
export function ownOriginScript(script: string): string {
  let result = script;
  for (const [from, to] of [
    ...fonts.map((font) => [font.cdn, fontPath(font)] as const),
    [`\`${packageBase.unpkg}\``, `\`${packageBase.own}\``] as const,
    [`\`${githubStatus.url}\``, `\`${githubStatus.answer}\``] as const,
  ]) {
    // A new editor version may move these: fail the build rather than call a third party.
    if (!result.includes(from)) throw new Error(`The editor's script no longer contains ${from}`);
    result = result.replaceAll(from, to);
  }
  return result;
}

/** Files the update check and translations ask for, relative to the site root. */
export const packagePaths = (version: string) => ({
  manifest: `${packageBase.own}/package.json`,
  locales: `${packageBase.own}@${version}/locales`,
});
