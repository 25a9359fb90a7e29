/**
 * The function's settings: whether an enquiry's mail can go (SMTP) or not yet (unconfigured), the SMTP
 * route's defaults and overrides, and each malformed value turning the route `unconfigured` with a
 * problem that names it (the function keeps the enquiry and logs it; `npm start` prints it at start-up).
 */
import { describe, expect, it } from 'vitest';
import { mailRoute } from '#enquiries/mail-settings.ts';

const smtp = { SMTP_HOST: 'smtp.agency.example', MAIL_FROM: 'a@agency.example', MAIL_TO: 'b@agency.example' };

describe('mailRoute', () => {
  it('is unconfigured without SMTP_HOST, whatever the platform: enquiries are then kept', () => {
    for (const env of [{}, { CONTEXT: 'production' }, { NETLIFY: 'true' }, { SMTP_HOST: ' ' }]) {
      expect(mailRoute({ ...env, MAIL_FROM: 'a@agency.example', MAIL_TO: 'b@agency.example' })).toEqual({
        kind: 'unconfigured',
        problem: 'SMTP_HOST is not set',
      });
    }
  });

  it('is unconfigured while MAIL_FROM or MAIL_TO is missing or not an address', () => {
    expect(mailRoute({ ...smtp, MAIL_FROM: ' ' })).toEqual({
      kind: 'unconfigured',
      problem: 'MAIL_FROM and MAIL_TO must be set with SMTP_HOST',
    });
    for (const bad of ['agency.example', 'a b@agency.example', 'Agency <agency.example>', '<a@b> c@d']) {
      expect(mailRoute({ ...smtp, MAIL_TO: bad })).toEqual({
        kind: 'unconfigured',
        problem: expect.stringMatching(/^MAIL_TO must be an email address, like .*, got "/),
      });
    }
    const named = { ...smtp, MAIL_FROM: 'Agency website <website@agency.example>' };
    expect(mailRoute(named)).toMatchObject({ kind: 'smtp', from: named.MAIL_FROM });
  });

  it('requires STARTTLS unless TLS is implicit or SMTP_REQUIRE_TLS=false', () => {
    const smtp = {
      SMTP_HOST: 'smtp.agency.example',
      MAIL_FROM: 'a@agency.example',
      MAIL_TO: 'b@agency.example',
    };
    expect(mailRoute(smtp)).toMatchObject({ transport: { secure: false, requireTLS: true } });
    expect(mailRoute({ ...smtp, SMTP_SECURE: 'true' })).toMatchObject({
      transport: { secure: true, requireTLS: false },
    });
    expect(mailRoute({ ...smtp, SMTP_REQUIRE_TLS: 'FALSE' })).toMatchObject({
      transport: { requireTLS: false },
    });
    // A garbled value never turns TLS off: nothing is sent until it is fixed.
    expect(mailRoute({ ...smtp, SMTP_REQUIRE_TLS: 'no' })).toEqual({
      kind: 'unconfigured',
      problem: 'SMTP_REQUIRE_TLS must be true or false, got "no"',
    });
  });

  it('needs MAIL_FROM, MAIL_TO and a valid port with SMTP', () => {
    const smtp = {
      SMTP_HOST: 'smtp.agency.example',
      MAIL_FROM: 'a@agency.example',
      MAIL_TO: 'b@agency.example',
    };
    expect(mailRoute({ ...smtp, MAIL_TO: '' }).kind).toBe('unconfigured');
    expect(mailRoute({ ...smtp, SMTP_PORT: '99999' }).kind).toBe('unconfigured');
    expect(mailRoute({ ...smtp, SMTP_PORT: '2525' })).toMatchObject({
      transport: { port: 2525 },
    });
  });
});

describe('mailRoute over SMTP', () => {
  it('defaults to port 587 with STARTTLS required, no login and the standard time limits', () => {
    expect(mailRoute(smtp)).toEqual({
      kind: 'smtp',
      from: 'a@agency.example',
      to: 'b@agency.example',
      sendTimeoutMs: 15_000,
      transport: {
        host: 'smtp.agency.example',
        port: 587,
        secure: false,
        requireTLS: true,
        auth: undefined,
        connectionTimeout: 5000,
        greetingTimeout: 5000,
        socketTimeout: 10_000,
      },
    });
  });

  it('takes the port, implicit TLS and the login from their variables; the time limits are fixed', () => {
    const route = mailRoute({
      ...smtp,
      SMTP_PORT: ' 465 ',
      SMTP_SECURE: 'TRUE',
      SMTP_USER: 'website',
      SMTP_PASS: 'secret',
      // Not settings (the tests shorten the limits through the mailer they pass in).
      SMTP_GREETING_TIMEOUT_MS: '250',
      SMTP_SEND_TIMEOUT_MS: '900',
    });
    expect(route).toMatchObject({
      kind: 'smtp',
      sendTimeoutMs: 15_000,
      transport: {
        port: 465,
        secure: true,
        requireTLS: false,
        auth: { user: 'website', pass: 'secret' },
        greetingTimeout: 5000,
      },
    });
    expect(mailRoute({ ...smtp, SMTP_SECURE: 'false', SMTP_REQUIRE_TLS: 'false' })).toMatchObject({
      transport: { secure: false, requireTLS: false },
    });
  });

  it('sends nothing while a value is malformed, and says which and what it expects', () => {
    const problem = (env: Record<string, string>) => mailRoute({ ...smtp, ...env });
    expect(problem({ SMTP_PORT: '99999' })).toEqual({
      kind: 'unconfigured',
      problem: 'SMTP_PORT must be a port number from 1 to 65535, got "99999"',
    });
    expect(problem({ SMTP_PORT: 'smtp' })).toEqual({
      kind: 'unconfigured',
      problem: 'SMTP_PORT must be a port number from 1 to 65535, got "smtp"',
    });
    expect(problem({ SMTP_SECURE: 'yes' })).toEqual({
      kind: 'unconfigured',
      problem: 'SMTP_SECURE must be true or false, got "yes"',
    });
    // Read even with implicit TLS, so a typo never waits for the day SMTP_SECURE changes.
    expect(problem({ SMTP_SECURE: 'true', SMTP_REQUIRE_TLS: 'off' })).toEqual({
      kind: 'unconfigured',
      problem: 'SMTP_REQUIRE_TLS must be true or false, got "off"',
    });
    expect(problem({ SMTP_PORT: 'smtp', SMTP_SECURE: 'yes' })).toEqual({
      kind: 'unconfigured',
      problem:
        'SMTP_SECURE must be true or false, got "yes"; ' +
        'SMTP_PORT must be a port number from 1 to 65535, got "smtp"',
    });
  });
});
