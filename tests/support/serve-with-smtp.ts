/**
 * The browser tests' web server: `npm start`'s site server wired to the tests' SMTP server
 * (smtp-test-server.ts) in the same process. Every message it accepts is saved as an .eml file in
 * MAILBOX_DIR, and any message whose text contains FAIL-SMTP is refused with 550, so a refused send
 * is a real SMTP failure (the enquiry then waits in the store, kept in a fresh folder beside the
 * mailbox). TRUST_PROXY is on, so each test can be its own client (X-Forwarded-For) for the rate
 * limit.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { failMarker } from './mailbox.ts';
import { smtpTestEnv, startSmtpServer } from './smtp-test-server.ts';

const mailbox = resolve(process.env.MAILBOX_DIR ?? 'test-results/mailbox');
let saved = 0;

mkdirSync(mailbox, { recursive: true });
const store = `${mailbox}-store`;
rmSync(store, { recursive: true, force: true });

const { port } = await startSmtpServer({
  refuseContaining: failMarker,
  onMessage: ({ raw }) => {
    saved += 1;
    writeFileSync(join(mailbox, `${Date.now()}-${process.pid}-${saved}.eml`), raw);
  },
});

Object.assign(process.env, smtpTestEnv(port), { TRUST_PROXY: '1', ENQUIRY_STORE_DIR: store });
console.log(`Test SMTP server on 127.0.0.1:${port}, saving mail in ${mailbox}`);

await import('#server/start.ts');
