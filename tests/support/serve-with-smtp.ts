/**
 * The browser tests' web server: `npm start`'s site server wired to a real SMTP server in the same
 * process, on 127.0.0.1 and a free port. The SMTP server asks for a login like a real one, saves
 * every message it accepts as an .eml file in MAILBOX_DIR, and refuses with 550 any message whose
 * text contains FAIL-SMTP, so a refused send is a real SMTP failure (the enquiry then waits in
 * the store, kept in a fresh folder beside the mailbox).
 * TRUST_PROXY is on, so each test can be its own client (X-Forwarded-For) for the rate limit.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { failMarker } from './mailbox.ts';

const mailbox = resolve(process.env.MAILBOX_DIR ?? 'test-results/outbox');
const login = { user: 'website', pass: 'test-smtp-password' };
let saved = 0;

mkdirSync(mailbox, { recursive: true });
const store = `${mailbox}-store`;
rmSync(store, { recursive: true, force: true });

const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === login.user && auth.password === login.pass) callback(null, { user: login.user });
    else callback(new Error('Invalid username or password'));
  },
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks);
      // Quoted-printable wraps long lines with "=" line breaks; the marker may straddle one.
      if (
        raw
          .toString('utf8')
          .replace(/=\r?\n/g, '')
          .includes(failMarker)
      ) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      saved += 1;
      writeFileSync(join(mailbox, `${Date.now()}-${process.pid}-${saved}.eml`), raw);
      callback();
    });
  },
});

await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
const { port } = smtp.server.address() as AddressInfo;

Object.assign(process.env, {
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(port),
  SMTP_SECURE: 'false',
  // This local test server offers no STARTTLS: the one documented opt-out of requiring it.
  SMTP_REQUIRE_TLS: 'false',
  SMTP_USER: login.user,
  SMTP_PASS: login.pass,
  MAIL_FROM: 'website@agency.example',
  MAIL_TO: 'enquiries@agency.example',
  TRUST_PROXY: '1',
  ENQUIRY_STORE_DIR: store,
});
console.log(`Test SMTP server on 127.0.0.1:${port}, saving mail in ${mailbox}`);

await import('../../server/start.ts');
