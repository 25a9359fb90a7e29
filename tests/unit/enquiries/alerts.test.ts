/**
 * The alert's body for each service, chosen from the webhook's host (enquiries/alerts.ts), and
 * what an opening says: how many wait, since when, the kind of failure and what to do.
 */
import { describe, expect, it } from 'vitest';
import { openingMessage, postAlert, resolvedMessage, type AlertMessage } from '#enquiries/alerts.ts';

/** The request `postAlert` makes for `url`, through a fetch that records it and answers `status`. */
async function posted(url: string, message: AlertMessage = opening, status = 204) {
  const requests: RequestInit[] = [];
  const fetch = async (_: RequestInfo | URL, init?: RequestInit) => {
    requests.push(init ?? {});
    return new Response(null, { status });
  };
  const answer = await postAlert(url, message, fetch);
  const headers = Object.fromEntries(new Headers(requests[0]?.headers));
  return { answer, headers, body: String(requests[0]?.body ?? '') };
}
const json = async (url: string) => JSON.parse((await posted(url)).body) as Record<string, unknown>;

const opening = openingMessage({
  brand: 'Agency',
  cause: 'waiting',
  waiting: { count: 3, oldestReceivedAt: '2031-01-10T09:00:00.000Z' },
  lastFailure: { at: '2031-01-10T09:20:00.000Z', kind: 'deferred', code: 'EENVELOPE', responseCode: 451 },
  alertAfterMinutes: 15,
});

describe('the owner’s alerts', () => {
  it('say how many wait, since when, what failed and what to do', () => {
    expect(opening.text).toContain('3 enquiries are waiting');
    expect(opening.text).toContain('10 Jan 2031, 09:00');
    expect(opening.text).toContain('asked to try later (EENVELOPE 451)');
    expect(opening.text).toContain('npm run enquiries -- --summary');
    expect(resolvedMessage({ brand: 'Agency' }).urgent).toBe(false);
  });

  it('send each service, picked from the address, the body it displays', async () => {
    const plain = { text: `${opening.title}\n${opening.text}` };
    expect((await json('https://hooks.slack.com/services/T0/B0/x')).text).toBe(
      `*${opening.title}*\n${opening.text}`,
    );
    expect((await json('https://discord.com/api/webhooks/1/x')).content).toBe(
      `**${opening.title}**\n${opening.text}`,
    );
    expect(await json('https://hooks.agency.co.uk/alerts')).toEqual(plain);
    // A look-alike host is not the service.
    expect(await json('https://hooks.slack.com.evil.example/x')).toEqual(plain);
    for (const teams of [
      'https://prod-01.westeurope.logic.azure.com:443/workflows/abc/triggers/manual',
      'https://default1.environment.api.powerplatform.com/powerautomate/automations/x',
    ]) {
      expect(await json(teams)).toHaveProperty('type', 'message');
    }
    const card = (await json('https://x.logic.azure.com/workflows/1')) as {
      type: string;
      attachments: { contentType: string; content: { type: string; body: { text: string }[] } }[];
    };
    expect(card.type).toBe('message');
    expect(card.attachments[0]?.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.attachments[0]?.content.body.map((block) => block.text)).toEqual([
      opening.title,
      opening.text,
    ]);
    for (const url of ['https://ntfy.sh/agency-alerts', 'https://ntfy.agency.co.uk/alerts']) {
      const ntfy = await posted(url);
      expect(ntfy.body).toBe(opening.text);
      expect(ntfy.headers.title).toMatch(/^[\x20-\x7e]+$/);
      expect(ntfy.headers.priority).toBe('high');
    }
  });

  it('answers whether the service took it, never throwing', async () => {
    expect((await posted('https://hooks.slack.com/services/x')).answer).toEqual({ ok: true });
    expect((await posted('https://hooks.slack.com/services/x', opening, 404)).answer).toEqual({
      ok: false,
      code: 'HTTP_404',
    });
    const unreachable = await postAlert('https://hooks.slack.com/x', opening, () =>
      Promise.reject(new TypeError('fetch failed')),
    );
    expect(unreachable).toEqual({ ok: false, code: 'UNREACHABLE' });
  });
});
