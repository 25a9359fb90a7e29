/**
 * The SMTP server the bench sends to, on 127.0.0.1: it asks for a login as a real one does, takes
 * any, accepts every message and counts them, so the function's timings include a whole SMTP
 * conversation. (The tests have their own, which records messages and misbehaves on demand:
 * tests/support/smtp-test-server.ts.)
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export async function startSmtpSink() {
  let delivered = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData(stream, _session, callback) {
      stream.on('end', () => {
        delivered += 1;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const login = { SMTP_USER: 'bench', SMTP_PASS: 'bench' };
  const addresses = { MAIL_FROM: 'Bench <bench@agency.example>', MAIL_TO: 'enquiries@agency.example' };
  return {
    /** The mail settings that send here (no STARTTLS offered: the documented opt-out). */
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_REQUIRE_TLS: 'false',
      ...login,
      ...addresses,
    },
    get delivered() {
      return delivered;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
