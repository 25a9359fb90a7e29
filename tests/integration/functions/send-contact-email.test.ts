/**
 * The contact function end to end: its configuration, a valid enquiry (JSON and plain form post) and
 * field validation.
 */
import { describe, expect, it } from 'vitest';
import { config } from '#functions/send-contact-email.mts';
import { mailRoute } from '#enquiries/mail-settings.ts';
import { enquiryLimits } from '#src/lib/shared/enquiry.ts';
import { contactEndpoint } from '#src/lib/shared/paths.ts';
import {
  mailFrom,
  mailTo,
  visitor,
  smtp,
  logs,
  postJson,
  postForm,
  expectSecurityHeaders,
  useContactFunction,
} from '#support/contact-function.ts';
import { contactRateLimit } from '#src/lib/shared/enquiry-policy.ts';

useContactFunction();

describe('configuration', () => {
  it('declares the one endpoint path and a Netlify rate limit that follows the local one', () => {
    expect(config).toEqual({
      path: contactEndpoint,
      rateLimit: {
        windowLimit: contactRateLimit.limit,
        windowSize: contactRateLimit.netlifyWindowSeconds,
        aggregateBy: ['ip', 'domain'],
      },
    });
    // Netlify's longest window for a code-defined rule (180 s), as near 10 minutes as it allows;
    // the local limit is longer.
    expect(config.rateLimit.windowSize).toBe(180);
    expect(contactRateLimit.windowMs).toBe(10 * 60 * 1000);
  });

  it('uses 5 s connect, 5 s greeting, 10 s socket and 15 s total time limits', () => {
    const route = mailRoute({ SMTP_HOST: 'smtp.agency.example', MAIL_FROM: mailFrom, MAIL_TO: mailTo });
    expect(route).toMatchObject({
      kind: 'smtp',
      sendTimeoutMs: 15_000,
      transport: {
        host: 'smtp.agency.example',
        port: 587,
        secure: false,
        auth: undefined,
        connectionTimeout: 5000,
        greetingTimeout: 5000,
        socketTimeout: 10_000,
      },
    });
    expect(route.kind === 'smtp' && 'pool' in route.transport).toBe(false);
  });

  it('reads implicit TLS and credentials from the environment', () => {
    const route = mailRoute({
      SMTP_HOST: 'smtp.agency.example',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      SMTP_USER: 'u',
      SMTP_PASS: 'p',
      MAIL_FROM: mailFrom,
      MAIL_TO: mailTo,
    });
    expect(route).toMatchObject({
      kind: 'smtp',
      transport: { port: 465, secure: true, auth: { user: 'u', pass: 'p' } },
    });
  });
});

describe('a valid enquiry', () => {
  it('arrives by SMTP from the fixed sender to the fixed inbox, with the visitor as Reply-To', async () => {
    const response = await postJson(visitor);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expectSecurityHeaders(response);

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.mailFrom).toBe(mailFrom);
    expect(message?.rcptTo).toEqual([mailTo]);

    const email = message?.mail;
    expect(email?.from?.value).toEqual([{ name: 'Agency website', address: mailFrom }]);
    expect(email?.to).toMatchObject({ value: [{ name: '', address: mailTo }] });
    expect(email?.replyTo?.value).toEqual([{ name: visitor.name, address: visitor.email }]);
    expect(email?.subject).toBe(`New enquiry: Shopify Build — ${visitor.name}`);

    for (const part of [email?.text, email?.html]) {
      expect(part).toContain(visitor.name);
      expect(part).toContain(visitor.email);
      expect(part).toContain(visitor.company);
      expect(part).toContain('Shopify Build');
      expect(part).toContain('£5,000 - £10,000');
      expect(part).toContain('We need a new Shopify store for our sentinel range.');
      expect(part).toContain('Second line: delivery by spring.');
    }
    expect(logs.join('\n')).toMatch(/outcome=sent id=[0-9a-f]{32} via=smtp stored=yes/);
    expect(email?.messageId).toMatch(/^<enquiry-[0-9a-f]{32}@agency\.example>$/);
  });

  it('uses "General" in the subject when no project type is chosen', async () => {
    const response = await postJson({ name: 'Bo', email: 'bo@visitor.example', message: 'Hi' });
    expect(response.status).toBe(200);
    expect(smtp.received[0]?.mail.subject).toBe('New enquiry: General — Bo');
  });

  it('accepts a Content-Type with a charset, values at their limits, and ignores unknown keys', async () => {
    const response = await postJson(
      {
        ...visitor,
        name: 'N'.repeat(enquiryLimits.name),
        message: 'M'.repeat(enquiryLimits.message),
        isAdmin: true,
        cc: 'someone-else@elsewhere.example',
      },
      { headers: { 'content-type': 'application/json; charset=utf-8' } },
    );
    expect(response.status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.rcptTo).toEqual([mailTo]);
    expect(smtp.received[0]?.raw).not.toContain('someone-else@elsewhere.example');
  });

  it('arrives with HTML in the message escaped in the HTML part', async () => {
    const message = '<script>alert("x")</script> & <b>bold</b> \'quoted\'';
    const response = await postJson({ ...visitor, name: '<img src=x onerror=alert(1)>', message });
    expect(response.status).toBe(200);

    const email = smtp.received[0]?.mail;
    expect(email?.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt; &#39;quoted&#39;',
    );
    expect(email?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email?.html).not.toContain('<script>');
    expect(email?.html).not.toContain('<b>bold');
    expect(email?.html).not.toContain('<img');
    expect(email?.text).toContain(message);
  });
});

describe('a plain form post', () => {
  it('answers 303 to /contact/sent and sends the enquiry', async () => {
    const response = await postForm(visitor);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact/sent');
    expectSecurityHeaders(response);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.mail.text).toContain(visitor.message.split('\n')[0]);
  });

  it('answers 303 to /contact/error when invalid, and sends nothing', async () => {
    const response = await postForm({ ...visitor, email: 'not-an-address' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact/error');
    expect(smtp.received).toHaveLength(0);
  });
});

describe('validation', () => {
  it.each([
    ['a blank name', { name: '   ' }, 'name'],
    ['a missing message', { message: undefined }, 'message'],
    ['a malformed email', { email: 'ada.visitor.example' }, 'email'],
    ['a quoted local part holding an @', { email: '"a@b"@example.com' }, 'email'],
    ['a line break in the email', { email: 'ada@visitor.example\r\nBcc: victim@elsewhere.example' }, 'email'],
    ['a trailing line break in the email', { email: 'ada@visitor.example\n' }, 'email'],
    ['an email over 254 characters', { email: `${'a'.repeat(64)}@${'b'.repeat(190)}.example` }, 'email'],
    ['a name over 100 characters', { name: 'N'.repeat(101) }, 'name'],
    ['a company over 100 characters', { company: 'C'.repeat(101) }, 'company'],
    ['a message over 5,000 characters', { message: 'M'.repeat(5001) }, 'message'],
    ['an unknown project type', { projectType: 'space-travel' }, 'projectType'],
    ['an unknown budget range', { budgetRange: 'millions' }, 'budgetRange'],
  ])('refuses %s with 422 and a message for that field', async (_label, change, field) => {
    const response = await postJson({ ...visitor, ...change });
    expect(response.status).toBe(422);
    const body = (await response.json()) as {
      ok: boolean;
      error: string;
      message: string;
      fields: Record<string, string>;
    };
    expect(body.ok).toBe(false);
    expect(body.error).toBe('invalid_fields');
    expect(body.message).toBeTruthy();
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.fields[field]).toMatch(/\w/);
    expectSecurityHeaders(response);
    expect(smtp.received).toHaveLength(0);
  });

  it('reports every invalid field at once', async () => {
    const response = await postJson({ name: '', email: 'x', message: ' ', projectType: 'nope' });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'message', 'name', 'projectType']);
  });
});
