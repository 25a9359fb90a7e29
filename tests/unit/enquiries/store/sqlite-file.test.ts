/**
 * The SQLite store's problems in the operator's words (enquiries/store/sqlite-file.ts): each names
 * the file and what to do, and a full disk is called a full disk, whatever SQLite's number for it.
 */
import { describe, expect, it } from 'vitest';
import { codeOf, fileProblem } from '#enquiries/store/sqlite-file.ts';

const file = '/srv/site/.data/enquiries.sqlite';
const sqliteError = (errcode: number) => Object.assign(new Error('sqlite'), { errcode });

describe('a store problem', () => {
  it.each([
    [
      sqliteError(13),
      'STORE_DISK_FULL',
      /The disk holding \/srv\/site\/\.data\/enquiries\.sqlite is full: free some space/,
    ],
    [Object.assign(new Error('write'), { code: 'ENOSPC' }), 'STORE_DISK_FULL', /is full/],
    [sqliteError(11), 'STORE_CORRUPT', /is damaged .*move the file aside/],
    [sqliteError(26), 'STORE_CORRUPT', /is damaged/],
    [
      sqliteError(8),
      'STORE_READ_ONLY',
      /cannot be written \(SQLITE_READONLY\): make it and its folder writable/,
    ],
    [sqliteError(778), 'STORE_WRITE_FAILED', /could not be written \(SQLITE_IOERR_WRITE\)/],
  ])('%s is %s, said in one line naming the file', (error, code, words) => {
    const found = fileProblem(file, error);
    expect(found?.code).toBe(code);
    expect(found?.line).toMatch(words);
    expect(found?.line).toContain(file);
    expect(found?.line.split('\n')).toHaveLength(1);
  });

  it('is none for a busy file or an error that passes', () => {
    expect(fileProblem(file, sqliteError(5))).toBeUndefined();
    expect(codeOf(sqliteError(5))).toBe('SQLITE_BUSY');
    expect(codeOf(new Error('no code'))).toBe('ESTORE');
  });
});
