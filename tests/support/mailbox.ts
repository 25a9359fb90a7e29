/**
 * The mail the site sent during the browser tests: the test SMTP server (serve-with-smtp.ts) saves
 * each message it accepts as an .eml file in the `mailbox` folder named by playwright.config.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withoutSoftBreaks } from './raw-email.ts';

/** A message containing this text is refused by the test SMTP server with 550. */
export const failMarker = 'FAIL-SMTP';

/** The saved messages containing `text`, as raw source with quoted-printable line breaks undone. */
export function mailContaining(folder: string, text: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(folder);
  } catch {
    return [];
  }
  return files
    .map((file) => withoutSoftBreaks(readFileSync(join(folder, file), 'utf8')))
    .filter((raw) => raw.includes(text));
}
