/**
 * The function's settings: the SMTP route's defaults and overrides, and each malformed value
 * turning the route `unconfigured` with a problem that names it (the function answers 503 and logs
 * it; `npm start` prints it at start-up). Outbox and production rules: contact-function-parts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { mailRoute, smtpTimeouts } from '../../../../functions/lib/mail-settings.ts';

const smtp = { SMTP_HOST: 'smtp.agency.example', MAIL_FROM: 'a@agency.example', MAIL_TO: 'b@agency.example' };

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

  it('takes the port, implicit TLS, the login and shorter time limits from their variables', () => {
    const route = mailRoute(
      {
        ...smtp,
        SMTP_PORT: ' 465 ',
        SMTP_SECURE: 'TRUE',
        SMTP_USER: 'website',
        SMTP_PASS: 'secret',
        SMTP_GREETING_TIMEOUT_MS: '250',
        SMTP_SEND_TIMEOUT_MS: '900',
      },
      'x@agency.example',
    );
    expect(route).toMatchObject({
      kind: 'smtp',
      sendTimeoutMs: 900,
      transport: {
        port: 465,
        secure: true,
        requireTLS: false,
        auth: { user: 'website', pass: 'secret' },
        greetingTimeout: 250,
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
    expect(problem({ SMTP_GREETING_TIMEOUT_MS: 'soon', SMTP_SEND_TIMEOUT_MS: '0' })).toEqual({
      kind: 'unconfigured',
      problem:
        'SMTP_SEND_TIMEOUT_MS must be a number of milliseconds from 1 to 600000, got "0"; ' +
        'SMTP_GREETING_TIMEOUT_MS must be a number of milliseconds from 1 to 600000, got "soon"',
    });
  });
});
