/** The local server's settings: defaults safe for one machine, and no silent typo at start-up. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverConfig } from '#server/config.ts';

const project = resolve(import.meta.dirname, '../../..');

describe('serverConfig', () => {
  it('defaults to port 4321 on this machine only, serving dist/, trusting no proxy, keeping .data/', () => {
    expect(serverConfig({})).toEqual({
      port: 4321,
      host: '127.0.0.1',
      outDir: resolve(project, 'dist'),
      trustProxy: 0,
      enquiryStoreDir: resolve('.data'),
      enquiryStoreWaitMs: 5000,
    });
  });

  it('takes each setting from its variable, trimmed, with paths made absolute', () => {
    expect(
      serverConfig({
        PORT: ' 0 ',
        HOST: '::1',
        OUT_DIR: 'dist-e2e',
        TRUST_PROXY: '1',
        ENQUIRY_STORE_DIR: '/srv/agency-site/.data',
        ENQUIRY_STORE_WAIT_MS: '250',
      }),
    ).toEqual({
      port: 0,
      host: '::1',
      outDir: resolve(project, 'dist-e2e'),
      trustProxy: 1,
      enquiryStoreDir: '/srv/agency-site/.data',
      enquiryStoreWaitMs: 250,
    });
    expect(serverConfig({ OUT_DIR: '/tmp/site' }).outDir).toBe('/tmp/site');
  });

  it('trusts as many proxies as TRUST_PROXY counts; true is one, as before counts existed', () => {
    const hops = (value: string) => serverConfig({ TRUST_PROXY: value }).trustProxy;
    expect(hops('')).toBe(0);
    expect(hops('0')).toBe(0);
    expect(hops('false')).toBe(0);
    expect(hops('1')).toBe(1);
    expect(hops(' true ')).toBe(1);
    expect(hops('TRUE')).toBe(1);
    expect(hops('2')).toBe(2);
    expect(hops('9')).toBe(9);
    for (const value of ['10', '-1', '1.5', 'yes', '2 proxies'])
      expect(() => hops(value), value).toThrow(/TRUST_PROXY must be a number of proxies from 0 to 9/);
  });

  it('accepts every TRUST_PROXY value its comment, .env.example, the proxy set-up and the README show', () => {
    const countsIn = (file: string) =>
      [...readFileSync(resolve(project, file), 'utf8').matchAll(/TRUST_PROXY=(\w+)/g)].map(
        ([, value = '']) => serverConfig({ TRUST_PROXY: value }).trustProxy,
      );
    for (const file of ['server/config.ts', '.env.example', 'docs/self-hosting.md']) {
      expect(Math.max(...countsIn(file)), `${file} shows a chain of proxies`).toBeGreaterThan(1);
    }
    // The README's service unit shows one proxy; the set-up it points to, the rest.
    expect(countsIn('README.md')).toContain(1);
  });

  it('stops start-up with every malformed value named, and the form it expects', () => {
    expect(() => serverConfig({ PORT: '80a', TRUST_PROXY: 'no' })).toThrow(
      [
        'Invalid server settings (server/config.ts):',
        '- PORT must be a port number from 0 to 65535, got "80a"',
        '- TRUST_PROXY must be a number of proxies from 0 to 9, true or false, got "no"',
      ].join('\n'),
    );
    expect(() => serverConfig({ PORT: '65536' })).toThrow(/PORT must be a port number from 0 to 65535/);
  });
});
