/**
 * The SQLite store's folder and file as the operator meets them: the folder created 0700 only when
 * the server creates it (an existing one's mode is reported, never changed), the file created
 * 0600, and every way they can be wrong (a path that is a file or a folder, a folder that cannot
 * be created, a file that cannot be written, is damaged or fills the disk) said in one plain line
 * naming the file and what to do. Synchronous: it runs on the store's own thread (sqlite-worker.ts).
 */
import { closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The database file inside ENQUIRY_STORE_DIR. */
export const enquiryDatabaseFile = 'enquiries.sqlite';

/** A store that cannot be used: a short code for the answer, and the line the operator reads. */
export interface StoreProblem {
  code: string;
  line: string;
}

/** What a path is on disk, or that it is missing. */
const kindOf = (path: string) => {
  const info = statSync(path, { throwIfNoEntry: false });
  return info ? (info.isDirectory() ? 'folder' : 'file') : 'missing';
};

const tail =
  'Until then the pages are served and enquiries are refused (503), so no visitor is told it was received.';

/**
 * Creates the store's folder when missing, one level at a time (0700: enquiries are personal data),
 * and its database file (0600). Answers the database's path, or the problem in the operator's words,
 * and any warning about an existing folder's mode.
 */
export function prepareStoreFile(directory: string): { file: string; warning?: string } | StoreProblem {
  const file = join(directory, enquiryDatabaseFile);
  const missing: string[] = [];
  let existing = directory;
  while (kindOf(existing) === 'missing' && dirname(existing) !== existing) {
    missing.unshift(existing);
    existing = dirname(existing);
  }
  if (kindOf(existing) === 'file') {
    return problem(
      'STORE_MISCONFIGURED',
      `${existing} is a file, not a folder: point ENQUIRY_STORE_DIR at a folder`,
    );
  }
  let warning: string | undefined;
  if (missing.length === 0) {
    const mode = statSync(directory).mode & 0o777;
    if (mode & 0o077) {
      warning =
        `[enquiry-store] ${directory} can be read by other users of this machine (mode ${mode.toString(8)}): ` +
        `enquiries are personal data; \`chmod 700 ${directory}\` unless that is meant.`;
    }
  }
  for (const level of missing) {
    try {
      mkdirSync(level, { mode: 0o700 });
    } catch (error) {
      return problem(
        'STORE_MISCONFIGURED',
        `${level} could not be created (${codeOf(error)}): set ENQUIRY_STORE_DIR to a folder this user can create and write`,
      );
    }
  }
  if (kindOf(file) === 'folder') {
    return problem('STORE_MISCONFIGURED', `${file} is a folder, not a database file: move it away`);
  }
  try {
    closeSync(openSync(file, 'a', 0o600));
  } catch (error) {
    return (
      fileProblem(file, error) ?? problem('STORE_UNAVAILABLE', `${file} cannot be opened (${codeOf(error)})`)
    );
  }
  return { file, warning };
}

/** The problem a failed call shows, when it is one the operator must fix (else a busy or passing failure). */
export function fileProblem(file: string, error: unknown): StoreProblem | undefined {
  const code = codeOf(error);
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') {
    return problem('STORE_DISK_FULL', `The disk holding ${file} is full: free some space`);
  }
  if (code.startsWith('SQLITE_IOERR')) {
    return problem(
      'STORE_WRITE_FAILED',
      `${file} could not be written (${code}): the disk may be full, over a file size limit or failing; ` +
        'free some space and check the disk',
    );
  }
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') {
    return problem(
      'STORE_CORRUPT',
      `${file} is damaged (not a readable SQLite database): stop the server, move the file aside (keep it: ` +
        'it may still hold enquiries) and start again to begin a new one',
    );
  }
  if (['SQLITE_READONLY', 'SQLITE_CANTOPEN', 'SQLITE_PERM', 'EACCES', 'EPERM', 'EROFS'].includes(code)) {
    return problem(
      'STORE_READ_ONLY',
      `${file} cannot be written (${code}): make it and its folder writable by the user running the server`,
    );
  }
  return undefined;
}

function problem(code: string, what: string): StoreProblem {
  return { code, line: `[enquiry-store] ${what}. ${tail}` };
}

/** SQLite's own code name (node:sqlite gives the number) or the system error's code. */
const sqliteNames: Record<number, string> = {
  3: 'SQLITE_PERM',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  26: 'SQLITE_NOTADB',
};

export function codeOf(error: unknown): string {
  const { errcode, code } = (error ?? {}) as { errcode?: unknown; code?: unknown };
  if (errcode === 778) return 'SQLITE_IOERR_WRITE';
  if (typeof errcode === 'number') return sqliteNames[errcode & 0xff] ?? `SQLITE_${errcode}`;
  return typeof code === 'string' && /^[A-Z0-9_]{1,32}$/.test(code) ? code : 'ESTORE';
}
