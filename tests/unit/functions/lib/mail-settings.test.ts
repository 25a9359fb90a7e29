/** Where an enquiry's mail goes: SMTP, the outbox or nowhere. */
import { describe, expect, it } from 'vitest';
import { mailRoute } from '../../../../functions/lib/mail-settings.ts';

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
    expect(mailRoute({ ...smtp, SMTP_REQUIRE_TLS: 'no' }, 'x')).toMatchObject({
      transport: { requireTLS: true },
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
    expect(mailRoute({ ...smtp, SMTP_GREETING_TIMEOUT_MS: 'soon' }, 'x')).toMatchObject({
      transport: { greetingTimeout: 5000 },
    });
    expect(mailRoute({ ...smtp, SMTP_GREETING_TIMEOUT_MS: '250' }, 'x')).toMatchObject({
      transport: { greetingTimeout: 250 },
    });
  });
});
