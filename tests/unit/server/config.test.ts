/** The local server's settings: defaults safe for one machine, and no silent typo at start-up. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverConfig } from '../../../server/config.ts';

const project = resolve(import.meta.dirname, '../../..');

describe('serverConfig', () => {
  it('defaults to port 4321 on this machine only, serving dist/, trusting no proxy, keeping .data/', () => {
    expect(serverConfig({})).toEqual({
      port: 4321,
      host: '127.0.0.1',
      outDir: resolve(project, 'dist'),
      trustProxy: false,
      enquiryStoreDir: resolve('.data'),
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
      }),
    ).toEqual({
      port: 0,
      host: '::1',
      outDir: resolve(project, 'dist-e2e'),
      trustProxy: true,
      enquiryStoreDir: '/srv/agency-site/.data',
    });
    expect(serverConfig({ OUT_DIR: '/tmp/site' }).outDir).toBe('/tmp/site');
  });

  it('trusts a proxy only when TRUST_PROXY says 1 or true', () => {
    const trusts = (value: string) => serverConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trusts('')).toBe(false);
    expect(trusts('0')).toBe(false);
    expect(trusts('false')).toBe(false);
    expect(trusts('1')).toBe(true);
    expect(trusts(' true ')).toBe(true);
    expect(trusts('TRUE')).toBe(true);
  });

  it('stops start-up with every malformed value named, and the form it expects', () => {
    expect(() => serverConfig({ PORT: '80a', TRUST_PROXY: 'no' })).toThrow(
      [
        'Invalid server settings (server/config.ts):',
        '- PORT must be a port number from 0 to 65535, got "80a"',
        '- TRUST_PROXY must be 0, 1, true or false, got "no"',
      ].join('\n'),
    );
    expect(() => serverConfig({ PORT: '65536' })).toThrow(/PORT must be a port number from 0 to 65535/);
  });
});
