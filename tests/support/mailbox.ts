/**
 * The mail the site sent during the browser tests: the test SMTP server (serve-with-smtp.ts) saves
 * each message it accepts as an .eml file in the `mailbox` folder named by playwright.config.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A message containing this text is refused by the test SMTP server with 550. */
export const failMarker = 'FAIL-SMTP';

/** The saved messages whose subject, Reply-To or text contains `text`, as mailparser reads them. */
export async function mailContaining(folder: string, text: string): Promise<ParsedMail[]> {
  let files: string[] = [];
  try {
    files = readdirSync(folder);
  } catch {
    return [];
  }
  const mails = await Promise.all(files.map((file) => simpleParser(readFileSync(join(folder, file)))));
  return mails.filter((mail) =>
    [mail.subject, mail.replyTo?.text, mail.text].some((part) => part?.includes(text)),
  );
}
