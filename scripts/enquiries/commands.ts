/**
 * What `npm run enquiries` does with a store: list every enquiry (id, received, status, attempts),
 * show one (`--show ID`), or put a failed one back in the retry queue (`--resend ID`). Prints
 * through `print` and answers an exit code, so tests can run it against any store.
 */
import { isEnquiryId, requeue } from '../../functions/lib/enquiry-record.ts';
import type { EnquiryRecord } from '../../functions/lib/enquiry-record.ts';
import type { EnquiryStore } from '../../functions/lib/enquiry-store.ts';

export const usage = [
  'Usage: npm run enquiries [-- --show ID | --resend ID]',
  '  (no option)   list every stored enquiry: id, received, status, attempts',
  '  --show ID     print one enquiry in full',
  '  --resend ID   put a failed enquiry back in the queue; the retry job sends it within a minute',
].join('\n');

export interface CommandDeps {
  store: EnquiryStore;
  now: () => number;
  print: (line: string) => void;
}

export async function runEnquiriesCommand(args: readonly string[], deps: CommandDeps): Promise<number> {
  const [option, id, ...rest] = args;
  if (option === undefined) return list(deps);
  if ((option !== '--show' && option !== '--resend') || id === undefined || rest.length > 0) {
    deps.print(usage);
    return 2;
  }
  if (!isEnquiryId(id)) {
    deps.print(`"${id}" is not an enquiry id (32 hexadecimal characters, as the list shows).`);
    return 2;
  }
  const read = await deps.store.get(id);
  if (!read.ok) return storeError(deps, read.code);
  if (!read.value) {
    deps.print(`No enquiry ${id}.`);
    return 1;
  }
  if (option === '--show') {
    deps.print(JSON.stringify(read.value, null, 2));
    return 0;
  }
  return resend(read.value, deps);
}

async function list({ store, print }: CommandDeps): Promise<number> {
  const ids = await store.ids();
  if (!ids.ok) return storeError({ print }, ids.code);
  const records: EnquiryRecord[] = [];
  for (const id of ids.value) {
    const read = await store.get(id);
    if (!read.ok) return storeError({ print }, read.code);
    if (read.value) records.push(read.value);
  }
  if (records.length === 0) {
    print('No enquiries stored.');
    return 0;
  }
  records.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  const rows = [['id', 'received', 'status', 'attempts']].concat(
    records.map((record) => [record.id, record.receivedAt, record.status, String(record.attempts)]),
  );
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows)
    print(
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    );
  return 0;
}

async function resend(record: EnquiryRecord, { store, now, print }: CommandDeps): Promise<number> {
  if (record.status !== 'failed') {
    print(`Enquiry ${record.id} is ${record.status}; only a failed enquiry can be resent.`);
    return 1;
  }
  const saved = await store.save(requeue(record, now()));
  if (!saved.ok) return storeError({ print }, saved.code);
  print(`Enquiry ${record.id} is pending again; the retry job sends it within a minute.`);
  return 0;
}

function storeError({ print }: Pick<CommandDeps, 'print'>, code: string): number {
  print(`The enquiry store could not be read (${code}).`);
  return 1;
}
