/**
 * W3C's Nu Html Checker (the `vnu-jar` package's vnu.jar, run by Java 17 or later) over built
 * pages, all of them in one Java process: its start costs seconds, each page a few milliseconds.
 * Every error as "line:column message", by file, so a failing check names what to fix.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/**
 * Messages of the CSS validator the checker embeds about CSS that is valid but newer than that
 * validator, all in the stylesheet Tailwind writes: `@property` (CSS Properties and Values API)
 * registers its variables, an unknown property inside `@supports` only tests for a feature, and a
 * custom property is a valid `transition-property` value. Anything else in the CSS still counts.
 */
const newerCss = [
  /^CSS: Unrecognized at-rule “@property”\.?$/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.?$/,
  /^CSS: “transition-property”: “--tw-[\w-]+” is not a “transition-property” value\.?$/,
];

interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  url?: string;
  message: string;
  lastLine?: number;
  firstColumn?: number;
}

/**
 * A short-lived JVM's settings: only the quick first compiler and one garbage-collector thread (the
 * checker runs for seconds; the optimising compiler's work never pays back there: 8 → 4 CPU-seconds
 * over the site), and a larger thread stack, which the checker's schema needs once compiled that way.
 */
const jvm = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss16m'];

function runChecker(files: readonly string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn('java', [
      ...jvm,
      '-jar',
      jar,
      '--errors-only',
      '--format',
      'json',
      '--stdout',
      ...files,
    ]);
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', (error) =>
      fail(
        new Error(
          `The Nu Html Checker needs Java 17 or later on PATH (Debian: apt-get install default-jre-headless): ${error.message}`,
        ),
      ),
    );
    child.on('close', () => done(output));
  });
}

/** The checker's errors in each of `files`, keyed by its path from `root`; none: `{}`. */
export async function nuErrors(files: readonly string[], root: string): Promise<Record<string, string[]>> {
  if (files.length === 0) throw new Error(`No HTML files under ${root} to check`);
  const output = await runChecker(files);
  let messages: NuMessage[];
  try {
    ({ messages } = JSON.parse(output) as { messages: NuMessage[] });
  } catch {
    throw new Error(`The Nu Html Checker did not answer with its report:\n${output.slice(0, 2000)}`);
  }
  const errors: Record<string, string[]> = {};
  for (const { type, url, message, lastLine, firstColumn } of messages) {
    if (type === 'info' || newerCss.some((pattern) => pattern.test(message))) continue;
    const file = url ? relative(root, fileURLToPath(url)) : '(checker)';
    (errors[file] ??= []).push(`${lastLine ?? 0}:${firstColumn ?? 0} ${message}`);
  }
  return errors;
}
