/**
 * HTTP at the byte level, for requests `fetch` would refuse or rewrite (`//host` paths, bad Host
 * headers, TRACE, bodies that stall), and `npm start`'s server run as its own process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { resolve } from 'node:path';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses the first response in `text`; undefined when none arrived. */
export function parseResponse(text: string): RawResponse | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (!text.startsWith('HTTP/1.1 ') || end < 0) return undefined;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4) };
}

/**
 * Opens a connection, from `from` (another loopback address, 127.0.0.2 and on, to be another
 * visitor) if given; `closed` resolves with everything the server sent once it closes.
 */
export function connect(port: number, from?: string): { socket: net.Socket; closed: Promise<string> } {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((done) => socket.on('close', () => done(received)));
  return { socket, closed };
}

/** Sends `head` (a request line and headers, `\r\n`-separated, without the blank line) and reads the answer. */
export async function rawRequest(port: number, head: string, body = '', from?: string): Promise<RawResponse> {
  const { socket, closed } = connect(port, from);
  socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`, 'latin1');
  const response = parseResponse(await closed);
  if (!response) throw new Error(`No HTTP response to ${JSON.stringify(head.split('\r\n')[0])}`);
  return response;
}

export interface StartedServer {
  port: number;
  output: () => string;
  /** Resolves with the whole output once it matches (the test's own time limit bounds the wait). */
  waitForOutput: (pattern: RegExp) => Promise<string>;
  stop: () => Promise<void>;
  /** Sends `signal` to the server alone, or with `group` to its whole process group (needs `detached`). */
  signal: (signal: NodeJS.Signals, group?: boolean) => void;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/** Runs `server/start.ts --no-build` as `npm start` does, on a free port, with exactly `env`. */
export async function startLikeNpmStart(options: {
  cwd: string;
  env: Record<string, string>;
  /** In a process group of its own, as a service manager starts it. */
  detached?: boolean;
  /** The largest file it may write, in KiB (`ulimit -f`): a disk that fills up. */
  fileSizeLimitKib?: number;
}): Promise<StartedServer> {
  const script = resolve(import.meta.dirname, '../../server/start.ts');
  const limit = options.fileSizeLimitKib;
  const [command, args] = limit
    ? ['sh', ['-c', `ulimit -f ${limit * 2} && exec "$0" "$@"`, process.execPath, script, '--no-build']]
    : [process.execPath, [script, '--no-build']];
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  let output = '';
  const port = await new Promise<number>((done, fail) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Serving the site on http:\/\/localhost:(\d+)/.exec(output);
      if (match) done(Number(match[1]));
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => fail(new Error(`start.ts exited with ${code}:\n${output}`)));
  });
  return {
    port,
    output: () => output,
    waitForOutput: async (pattern: RegExp) => {
      while (!pattern.test(output)) await new Promise((done) => setTimeout(done, 20));
      return output;
    },
    stop: () =>
      new Promise<void>((done) => {
        child.on('exit', () => done());
        child.kill('SIGTERM');
      }),
    signal: (signal, group = false) => {
      if (group && child.pid) process.kill(-child.pid, signal);
      else child.kill(signal);
    },
    exited,
  };
}
