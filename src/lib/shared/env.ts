/**
 * How every configuration module reads the environment (src/site.config.ts,
 * src/lib/shared/build-config.ts, enquiries/mail-settings.ts, server/config.ts): values are
 * trimmed and a blank one counts as unset. A malformed value never falls back to the default: it
 * becomes a problem that names the variable, what it expects and what it got.
 */
export type Env = Readonly<Record<string, string | undefined>>;

export interface EnvReader {
  /** The trimmed value; undefined when unset or blank. */
  text(name: string): string | undefined;
  /** A value matching `pattern`; undefined when unset or malformed. */
  matching(name: string, pattern: RegExp, expected: string): string | undefined;
  /** The value `choices` gives the setting's word (any case); `fallback` when unset or malformed. */
  choice<T>(name: string, choices: Readonly<Record<string, T>>, fallback: T): T;
  /** A whole number from `min` to `max`; `fallback` when unset or malformed. */
  integer(name: string, range: { min: number; max: number; unit: string }, fallback: number): number;
  /** An absolute http(s) address, as written; undefined when unset or malformed. */
  webAddress(name: string): string | undefined;
  /** One sentence per malformed value read so far. */
  readonly problems: readonly string[];
}

const quoted = (value: string) => JSON.stringify(value);

/** `a`, `a or b`, `a, b or c`. */
const alternatives = (words: string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');

/** An absolute http(s) address, parsed; undefined for anything else. */
export function parseWebAddress(value: string): URL | undefined {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  return url && /^https?:$/.test(url.protocol) ? url : undefined;
}

export function readEnv(env: Env): EnvReader {
  const problems: string[] = [];
  const text = (name: string) => env[name]?.trim() || undefined;
  const invalid = (name: string, expected: string, value: string) => {
    problems.push(`${name} ${expected}, got ${quoted(value)}`);
    return undefined;
  };

  return {
    text,
    problems,
    matching(name, pattern, expected) {
      const value = text(name);
      if (value === undefined || pattern.test(value)) return value;
      return invalid(name, expected, value);
    },
    choice(name, choices, fallback) {
      const value = text(name);
      if (value === undefined) return fallback;
      const key = value.toLowerCase();
      if (Object.hasOwn(choices, key)) return choices[key] as typeof fallback;
      invalid(name, `must be ${alternatives(Object.keys(choices))}`, value);
      return fallback;
    },
    integer(name, { min, max, unit }, fallback) {
      const value = text(name);
      if (value === undefined) return fallback;
      const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (number >= min && number <= max) return number;
      invalid(name, `must be ${unit} from ${min} to ${max}`, value);
      return fallback;
    },
    webAddress(name) {
      const value = text(name);
      if (value === undefined || parseWebAddress(value)) return value;
      return invalid(name, 'must be an absolute http(s) address, like https://www.agency.co.uk', value);
    },
  };
}

/**
 * For settings read at build time or start-up: one error listing every problem, so a wrong
 * deployment stops before it serves anything.
 */
export function assertValid(problems: readonly string[], settings: string): void {
  if (problems.length === 0) return;
  // The list rides along, so `npm run launch-check` can report each problem as its own item.
  throw Object.assign(new Error(`Invalid ${settings}:\n- ${problems.join('\n- ')}`), { problems });
}

/** The problems an error thrown by `assertValid` lists; its message for any other error. */
export const settingsProblems = (error: unknown): readonly string[] =>
  error instanceof Error ? ((error as { problems?: string[] }).problems ?? [error.message]) : [String(error)];

/** Settings as their module parsed them: the value, or every problem naming its variable. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: readonly string[] };

/** Runs a settings module's parse once, its malformed values as problems rather than a throw. */
export function parsed<T>(parse: () => T): Parsed<T> {
  try {
    return { ok: true, value: parse() };
  } catch (error) {
    return { ok: false, problems: settingsProblems(error) };
  }
}

/**
 * Settings read when asked: `parse` runs on the first read of any property (after the entry point
 * has filled the environment in from `.env`), never at import, and its result stands from then on.
 * A malformed value throws on that first read, naming the variable, as the parse itself does.
 */
export function onFirstUse<T extends object>(parse: () => T): T {
  let value: T | undefined;
  const settings = () => (value ??= parse());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(settings(), key),
    has: (_, key) => Reflect.has(settings(), key),
    ownKeys: () => Reflect.ownKeys(settings()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(settings(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
