/**
 * Real SMTP servers for the contact function's tests and the browser tests' web server, on
 * 127.0.0.1 and a random free port: a well-behaved one (plain text, authentication required) that
 * records what it receives and counts its connections, plus the faulty ones the function must
 * survive.
 */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerOptions, SMTPServerSession } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export const smtpUser = 'mailer';
export const smtpPass = 'correct horse battery staple';

/** The mail settings that send to a test server on `port`, which offers no STARTTLS. */
export function smtpTestEnv(port: number): Record<string, string> {
  return {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(port),
    SMTP_SECURE: 'false',
    // The test servers offer no STARTTLS: the one documented opt-out.
    SMTP_REQUIRE_TLS: 'false',
    SMTP_USER: smtpUser,
    SMTP_PASS: smtpPass,
    MAIL_FROM: 'Agency website <website@agency.example>',
    MAIL_TO: 'enquiries@agency.example',
  };
}

export interface ReceivedMessage {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
  /** The message as an independent MIME parser (mailparser) reads it: headers decoded, parts decoded. */
  mail: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMessage[];
  connections: { opened: number; closed: number };
  authAttempts: number;
  rcptAttempts: number;
  /** Resolves once every connection the server accepted has closed (or rejects after `timeoutMs`). */
  allClosed(timeoutMs?: number): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

/**
 * `reject-recipient` refuses every recipient for good (550), `defer-recipient` for now (451).
 * `slow-data` answers DATA only after `slowDataMs`, and keeps nothing if the client gave up first;
 * `slow-answer` answers as late but keeps every message it has read, as a real server that has
 * the message does whether or not the client waits for its answer. `slow-replies` gives every
 * answer after `slowReplyMs`, each within the client's time limits and their sum past ten seconds.
 */
type Fault =
  | 'none'
  | 'drop-during-data'
  | 'reject-recipient'
  | 'defer-recipient'
  | 'slow-data'
  | 'slow-answer'
  | 'slow-replies';

export const slowDataMs = 1500;
/** `slow-replies`: each answer (greeting, login, sender, recipient, message) this late. */
export const slowReplyMs = 2500;

interface SmtpServerOptions {
  fault?: Fault;
  /** Restarts a server where a stopped one listened. */
  port?: number;
  /** Refuses with 550 any message whose text contains this (a real SMTP failure on demand). */
  refuseContaining?: string;
  /** Called with each message the server accepts. */
  onMessage?: (message: ReceivedMessage) => void;
}

export async function startSmtpServer({
  fault = 'none',
  port: wanted = 0,
  refuseContaining,
  onMessage,
}: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMessage[] = [];
  const connections = { opened: 0, closed: 0 };
  const counters = { authAttempts: 0, rcptAttempts: 0 };
  const sockets = new Map<number, net.Socket>();
  const reply = (callback: () => void) =>
    fault === 'slow-replies' ? void setTimeout(callback, slowReplyMs) : callback();

  const options: SMTPServerOptions = {
    secure: false,
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      connections.opened += 1;
      reply(() => callback());
    },
    onClose() {
      connections.closed += 1;
    },
    onAuth(auth, _session, callback) {
      counters.authAttempts += 1;
      if (auth.username === smtpUser && auth.password === smtpPass)
        reply(() => callback(null, { user: smtpUser }));
      else callback(new Error('Invalid username or password'));
    },
    onMailFrom(_address, _session, callback) {
      reply(() => callback());
    },
    onRcptTo(_address, _session, callback) {
      counters.rcptAttempts += 1;
      if (fault === 'reject-recipient') {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      } else if (fault === 'defer-recipient') {
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      } else {
        reply(() => callback());
      }
    },
    onData(stream, session: SMTPServerSession, callback) {
      if (fault === 'drop-during-data') {
        stream.once('data', () => sockets.get(session.remotePort)?.destroy());
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (fault === 'slow-data' || fault === 'slow-answer' || fault === 'slow-replies') {
          await new Promise((resolve) =>
            setTimeout(resolve, fault === 'slow-replies' ? slowReplyMs : slowDataMs),
          );
          const gone = sockets.get(session.remotePort)?.destroyed ?? true;
          if (gone && fault === 'slow-data') return;
        }
        const raw = Buffer.concat(chunks);
        const mail = await simpleParser(raw);
        if (refuseContaining && mail.text?.includes(refuseContaining)) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        const message = {
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: raw.toString('utf8'),
          mail,
        };
        received.push(message);
        onMessage?.(message);
        callback();
      });
    },
  };

  const server = new SMTPServer(options);
  server.server.on('connection', (socket: net.Socket) => {
    if (socket.remotePort !== undefined) sockets.set(socket.remotePort, socket);
  });
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;

  return {
    port,
    received,
    connections,
    get authAttempts() {
      return counters.authAttempts;
    },
    get rcptAttempts() {
      return counters.rcptAttempts;
    },
    allClosed: (timeoutMs = 2000) => waitFor(() => connections.opened === connections.closed, timeoutMs),
    reset() {
      received.length = 0;
      connections.opened = 0;
      connections.closed = 0;
      counters.authAttempts = 0;
      counters.rcptAttempts = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets.values()) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A TCP server that accepts connections and never says a word (no SMTP greeting). */
export async function startSilentServer(): Promise<{
  port: number;
  connections: { opened: number; closed: number };
  close(): Promise<void>;
}> {
  const connections = { opened: 0, closed: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.opened += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      connections.closed += 1;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
