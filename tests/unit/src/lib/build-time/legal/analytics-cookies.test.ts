import { describe, expect, it } from 'vitest';
import { cookieRows } from '@/lib/build-time/legal/analytics-cookies';
import { consentKey, expiredAnalyticsCookies, type AnalyticsIds } from '@/lib/shared/analytics';
import { enquiryDraftKey } from '@/lib/shared/enquiry-draft';

// Every vendor the page script can load has an ID setting: the compiler refuses one missing here.
const ids: Required<AnalyticsIds> = { ga: 'G-AB12CD34EF', clarity: 'abcd1234ef' };
const names = (rows: { name: string }[]) => rows.map((row) => row.name);
/** The site's own storage, listed whatever the build's analytics. */
const ownKeys = [consentKey, enquiryDraftKey];

describe('the cookie table’s source', () => {
  it('names cookies for every vendor the page script can load', () => {
    const loadable = Object.keys(ids) as (keyof AnalyticsIds)[];
    expect(loadable.length).toBeGreaterThan(0);
    for (const vendor of loadable) {
      const rows = cookieRows({ [vendor]: ids[vendor] }).filter((row) => !ownKeys.includes(row.name));
      expect(rows.length, `${vendor} is loaded by the page but has no cookies listed`).toBeGreaterThan(0);
    }
  });

  it('lists only the site’s own storage without analytics: the consent choice and the form’s draft', () => {
    const rows = cookieRows({});
    expect(names(rows)).toEqual(ownKeys);
    for (const row of rows) expect(row.category).toBe('Strictly necessary');
  });

  it('lists GA4’s cookies, with the measurement ID’s own, only when GA4 is configured', () => {
    const rows = names(cookieRows({ ga: ids.ga }));
    expect(rows).toEqual([...ownKeys, '_ga', '_ga_AB12CD34EF']);
    expect(rows).not.toContain('_clck');
  });

  it('lists every cookie Clarity sets only when Clarity is configured', () => {
    const rows = names(cookieRows({ clarity: ids.clarity }));
    expect(rows).toEqual([...ownKeys, '_clck', '_clsk', 'CLID', 'ANONCHK', 'MR', 'MUID', 'SM']);
    expect(rows).not.toContain('_ga');
  });

  it('fills every column of every row', () => {
    for (const row of cookieRows(ids)) {
      for (const value of Object.values(row)) expect(value.trim()).not.toBe('');
    }
  });

  it('names the first-party cookies that withdrawing consent deletes', () => {
    for (const name of ['_ga', '_ga_AB12CD34EF', '_clck', '_clsk']) {
      expect(names(cookieRows(ids))).toContain(name);
      expect(expiredAnalyticsCookies(`${name}=1`, 'localhost')).toHaveLength(1);
    }
  });
});
