/**
 * The function's settings: where an enquiry's mail goes (SMTP, the outbox or nowhere), the SMTP
 * route's defaults and overrides, and each malformed value turning the route `unconfigured` with a
 * problem that names it (the function answers 503 and logs it; `npm start` prints it at start-up).
 */
import { describe, expect, it } from 'vitest';
import { mailRoute, smtpTimeouts } from '../../../../functions/lib/mail-settings.ts';

const smtp = { SMTP_HOST: 'smtp.agency.example', MAIL_FROM: 'a@agency.example', MAIL_TO: 'b@agency.example' };

describe('mailRoute', () => {
  it('writes to the outbox only when OUTBOX_DIR asks for it outside production', () => {
    expect(mailRoute({ OUTBOX_DIR: '/tmp/box' }, 'hello@agency.example')).toEqual({
      kind: 'outbox',
      from: 'hello@agency.example',
      to: 'hello@agency.example',
      directory: '/tmp/box',
    });
    expect(mailRoute({}, 'x@agency.example')).toEqual({
      kind: 'unconfigured',
      problem: 'neither SMTP_HOST nor OUTBOX_DIR is set',
    });
    expect(mailRoute({ CONTEXT: 'deploy-preview', OUTBOX_DIR: 'box' }, 'x@agency.example').kind).toBe(
      'outbox',
    );
  });

  it('never uses the outbox in production, on Netlify included', () => {
    const production = 'SMTP_HOST is not set in production';
    for (const env of [
      { CONTEXT: 'production' },
      { NODE_ENV: 'production' },
      { NETLIFY: 'true' },
      { SITE_ID: 'a1b2c3' },
    ]) {
      expect(mailRoute({ ...env, OUTBOX_DIR: '/tmp/box' }, 'x@agency.example')).toEqual({
        kind: 'unconfigured',
        problem: production,
      });
    }
    const onNetlify = { deploy: { context: 'deploy-preview' } };
    expect(mailRoute({ OUTBOX_DIR: '/tmp/box' }, 'x', onNetlify).kind).toBe('unconfigured');
    expect(mailRoute({ OUTBOX_DIR: '/tmp/box' }, 'x', { deploy: { context: 'dev' } }).kind).toBe('outbox');
  });

  it('requires STARTTLS unless TLS is implicit or SMTP_REQUIRE_TLS=false', () => {
    const smtp = {
      SMTP_HOST: 'smtp.agency.example',
      MAIL_FROM: 'a@agency.example',
      MAIL_TO: 'b@agency.example',
    };
    expect(mailRoute(smtp, 'x')).toMatchObject({ transport: { secure: false, requireTLS: true } });
    expect(mailRoute({ ...smtp, SMTP_SECURE: 'true' }, 'x')).toMatchObject({
      transport: { secure: true, requireTLS: false },
    });
    expect(mailRoute({ ...smtp, SMTP_REQUIRE_TLS: 'FALSE' }, 'x')).toMatchObject({
      transport: { requireTLS: false },
    });
    // A garbled value never turns TLS off: nothing is sent until it is fixed.
    expect(mailRoute({ ...smtp, SMTP_REQUIRE_TLS: 'no' }, 'x')).toEqual({
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
    expect(mailRoute({ ...smtp, MAIL_TO: '' }, 'x@agency.example').kind).toBe('unconfigured');
    expect(mailRoute({ ...smtp, SMTP_PORT: '99999' }, 'x@agency.example').kind).toBe('unconfigured');
    expect(mailRoute({ ...smtp, SMTP_PORT: '2525' }, 'x@agency.example')).toMatchObject({
      transport: { port: 2525 },
    });
  });
});

describe('mailRoute over SMTP', () => {
  it('defaults to port 587 with STARTTLS required, no login and the standard time limits', () => {
    expect(mailRoute(smtp, 'x@agency.example')).toEqual({
      kind: 'smtp',
      from: 'a@agency.example',
      to: 'b@agency.example',
      sendTimeoutMs: smtpTimeouts.send,
      transport: {
        host: 'smtp.agency.example',
        port: 587,
        secure: false,
        requireTLS: true,
        auth: undefined,
        connectionTimeout: smtpTimeouts.connectionTimeout,
        greetingTimeout: smtpTimeouts.greetingTimeout,
        socketTimeout: smtpTimeouts.socketTimeout,
      },
    });
  });

  it('takes the port, implicit TLS and the login from their variables; the time limits are fixed', () => {
    const route = mailRoute(
      {
        ...smtp,
        SMTP_PORT: ' 465 ',
        SMTP_SECURE: 'TRUE',
        SMTP_USER: 'website',
        SMTP_PASS: 'secret',
        // Not settings (the tests shorten the limits through the mailer they pass in).
        SMTP_GREETING_TIMEOUT_MS: '250',
        SMTP_SEND_TIMEOUT_MS: '900',
      },
      'x@agency.example',
    );
    expect(route).toMatchObject({
      kind: 'smtp',
      sendTimeoutMs: smtpTimeouts.send,
      transport: {
        port: 465,
        secure: true,
        requireTLS: false,
        auth: { user: 'website', pass: 'secret' },
        greetingTimeout: smtpTimeouts.greetingTimeout,
      },
    });
    expect(mailRoute({ ...smtp, SMTP_SECURE: 'false', SMTP_REQUIRE_TLS: 'false' }, 'x')).toMatchObject({
      transport: { secure: false, requireTLS: false },
    });
  });

  it('sends nothing while a value is malformed, and says which and what it expects', () => {
    const problem = (env: Record<string, string>) => mailRoute({ ...smtp, ...env }, 'x@agency.example');
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
