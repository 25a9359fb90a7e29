/**
 * `astro sync` once per edit, in one process (run by `ProjectCopy.syncEach`, in the copy): each
 * edit is written, the content checked against its schemas exactly as `astro sync` and every build
 * start do, and the file put back (or removed, when the edit added it). One process saves each
 * check Node's start and Astro's loading, about half its CPU time. Reads [{ file, text }] as JSON
 * on stdin; writes [{ status, output }], the output of a refusal being what Astro's command line
 * prints of it: the error's name, message, hint and the file it names.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { sync } from 'astro';

interface AstroErrorLike {
  name?: string;
  message?: string;
  hint?: string;
  loc?: { file?: string };
}

/** Astro's messages mark fields in Markdown (`**price**`); its command line prints them bold. */
const plain = (text: string | undefined) => text?.replace(/\*\*(.+?)\*\*/g, '$1');

const edits = JSON.parse(readFileSync(0, 'utf8')) as { file: string; text: string }[];
const results: { status: number; output: string }[] = [];
for (const { file, text } of edits) {
  const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  writeFileSync(file, text);
  try {
    await sync({ root: process.cwd(), logLevel: 'silent' });
    results.push({ status: 0, output: '' });
  } catch (error) {
    const { name, message, hint, loc } = error as AstroErrorLike;
    const lines = [
      `[${name ?? 'Error'}] ${plain(message) ?? String(error)}`,
      plain(hint),
      loc?.file && `Location: ${loc.file}`,
    ];
    results.push({ status: 1, output: lines.filter(Boolean).join('\n') });
  } finally {
    if (before === undefined) rmSync(file);
    else writeFileSync(file, before);
  }
}
process.stdout.write(JSON.stringify(results));
