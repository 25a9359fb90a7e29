/**
 * Content-Security-Policy parsing and scoring as MDN HTTP Observatory v2 does it.
 *
 * Sources (mdn/mdn-http-observatory): src/analyzer/cspParser.js (`parseCsp`, `parseCspMeta`) and
 * src/analyzer/tests/csp.js (`contentSecurityPolicyTest`). The behaviour, quirks included, is the
 * upstream one; the code is a rewrite.
 */

export type CspResult =
  | 'csp-implemented-with-no-unsafe-default-src-none'
  | 'csp-implemented-with-no-unsafe'
  | 'csp-implemented-with-unsafe-inline-in-style-src-only'
  | 'csp-implemented-with-insecure-scheme-in-passive-content-only'
  | 'csp-implemented-with-unsafe-eval'
  | 'csp-implemented-with-unsafe-inline'
  | 'csp-implemented-with-insecure-scheme'
  | 'csp-implemented-but-duplicate-directives'
  | 'csp-header-invalid'
  | 'csp-not-implemented'
  | 'csp-not-implemented-but-reporting-enabled';

export interface ParsedCsp {
  /** Directive name (lower case) → its sources (lower case). */
  directives: Map<string, Set<string>>;
  /** `report-uri` / `report-to` directives repeated inside one policy (allowed, but reported). */
  duplicates: Set<string>;
}

/** Flags the upstream test records on `output.policy`; informational, they do not change the score. */
export interface CspPolicyFlags {
  antiClickjacking: boolean;
  defaultNone: boolean;
  insecureBaseUri: boolean;
  insecureFormAction: boolean;
  insecureSchemeActive: boolean;
  insecureSchemePassive: boolean;
  strictDynamic: boolean;
  unsafeEval: boolean;
  unsafeInline: boolean;
  unsafeInlineStyle: boolean;
  unsafeObjects: boolean;
}

export interface CspEvaluation {
  result: CspResult;
  pass: boolean;
  /** The merged policy (header and meta), or null when it was missing or could not be parsed. */
  directives: Map<string, Set<string>> | null;
  policy: CspPolicyFlags | null;
}

export interface CspInput {
  /** `Content-Security-Policy` response header values. */
  headerValues: readonly string[];
  /** `content` of `<meta http-equiv="Content-Security-Policy">` elements, in document order. */
  metaValues: readonly string[];
  /** `Content-Security-Policy-Report-Only` header value, if any. */
  reportOnly?: string | undefined;
  /** Whether the scanned URL is https: (enables the http:/ftp: source checks). */
  https: boolean;
}

// cspParser.js: a policy shorter than "img-src" minus one character is rejected as invalid.
const MIN_POLICY_LENGTH = 'img-src'.length - 1;
const DIRECTIVES_DISALLOWED_IN_META = ['frame-ancestors', 'report-uri', 'sandbox'];
const ALLOWED_DUPLICATES = new Set(['report-uri', 'report-to']);

// csp.js constants.
const DANGEROUSLY_BROAD = new Set([
  'ftp:',
  'http:',
  'https:',
  '*',
  'http://*',
  'http://*.*',
  'https://*',
  'https://*.*',
]);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const BROAD_OR_UNSAFE_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const PASSIVE_DIRECTIVES = ['img-src', 'media-src'];
const NONCE_HASH_PREFIXES = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];

// cspParser.js sorts each directive's sources with this collation before pruning them.
const compareSources = new Intl.Collator('en').compare;

interface SourceEntry {
  source: string;
  policy: number;
  keep: boolean;
}

/**
 * Mirrors cspParser.js `pathPartMatch`: whether source `b` (from a later policy) falls under
 * source `a`, comparing `/`-separated parts. Throws on malformed percent-encoding, like upstream.
 */
function pathPartMatch(a: string, b: string): boolean {
  if (a.length === 0) return true;
  if (a === '/' && b.length === 0) return true;
  const exact = !a.endsWith('/');
  const partsA = a.split('/');
  const partsB = b.split('/');
  if (partsA.length > partsB.length) return false;
  if (exact && partsA.length !== partsB.length) return false;
  if (!exact) partsA.pop();
  return partsA.every((part, i) => decodeURIComponent(part) === decodeURIComponent(partsB[i] ?? ''));
}

/**
 * Parses one or more policies into a single directive map (cspParser.js `parseCsp`). Throws when
 * a policy is empty or too short, or repeats a directive other than `report-uri`/`report-to`.
 * With several policies a source survives only when the later policy allows it too.
 */
export function parseCsp(policies: readonly string[]): ParsedCsp {
  const cleaned = policies.map((policy) => policy.replace(/[\r\n]/g, '').trim());
  const duplicates = new Set<string>();
  if (cleaned.length === 0) return { directives: new Map(), duplicates };

  for (const policy of cleaned) {
    if (policy.length < MIN_POLICY_LENGTH) throw new Error(`Invalid policy: "${policy}"`);
  }

  const merged = new Map<string, SourceEntry[]>();
  cleaned.forEach((policy, policyIndex) => {
    const seen = new Set<string>();
    for (const entry of policy.split(';')) {
      const [rawName = '', ...rawSources] = entry.trim().split(/\s+/);
      if (!rawName) continue;
      // Directive names are case-insensitive (CSP3).
      const name = rawName.toLowerCase();

      // A repeated directive is treated as an error so it gets noticed, except report-uri/report-to.
      if (seen.has(name)) {
        if (!ALLOWED_DUPLICATES.has(name))
          throw new Error(`Duplicate directive ${name} in policy ${policyIndex}`);
        duplicates.add(name);
      } else {
        seen.add(name);
      }

      const keep = policyIndex === 0;
      const values: SourceEntry[] = rawSources.map((raw) => ({
        source: raw.trim().toLowerCase(),
        policy: policyIndex,
        keep,
      }));
      // A source list with no sources means 'none'.
      if (values.length === 0 && name.endsWith('-src'))
        values.push({ source: "'none'", policy: policyIndex, keep });

      const combined = policyIndex === 0 ? values : [...(merged.get(name) ?? []), ...values];
      combined.sort((a, b) => compareSources(a.source, b.source));
      for (let i = 1; i < combined.length; i++) {
        const current = combined[i] as SourceEntry;
        const previous = combined[i - 1] as SourceEntry;
        // Within one policy a longer source starting with a shorter one is redundant.
        if (current.policy === previous.policy && current.source.startsWith(previous.source))
          current.keep = false;
        // Across policies a source is kept when the neighbouring source of the other policy covers it.
        if (current.policy !== previous.policy && pathPartMatch(previous.source, current.source))
          current.keep = true;
      }
      const kept = combined.filter((source) => source.keep);
      merged.set(name, kept);
      // Before intersecting with later policies, the first policy's sources start as "not kept".
      if (policyIndex === 0 && policies.length > 1) for (const source of kept) source.keep = false;
    }
  });

  // A directive left without sources is forced to 'none'.
  const directives = new Map<string, Set<string>>();
  for (const [name, sources] of merged) {
    directives.set(name, sources.length > 0 ? new Set(sources.map((s) => s.source)) : new Set(["'none'"]));
  }
  return { directives, duplicates };
}

/** Like `parseCsp`, without the directives a `<meta>` policy may not set (cspParser.js `parseCspMeta`). */
export function parseCspMeta(policies: readonly string[]): ParsedCsp {
  const parsed = parseCsp(policies);
  for (const name of DIRECTIVES_DISALLOWED_IN_META) parsed.directives.delete(name);
  return parsed;
}

/** Header values may carry several comma-separated policies (csp.js `splitCspHeaders`). */
function splitPolicies(values: readonly string[]): string[] {
  return values.flatMap((value) => value.split(',').map((policy) => policy.trim()));
}

function tryParse(parse: (policies: readonly string[]) => ParsedCsp, policies: readonly string[]): ParsedCsp {
  try {
    return parse(policies);
  } catch {
    return { directives: new Map(), duplicates: new Set() };
  }
}

const hasNonceOrHash = (sources: Iterable<string>) =>
  [...sources].some((source) => NONCE_HASH_PREFIXES.some((prefix) => source.startsWith(prefix)));

const PASSING: ReadonlySet<CspResult> = new Set<CspResult>([
  'csp-implemented-with-no-unsafe',
  'csp-implemented-with-no-unsafe-default-src-none',
  'csp-implemented-with-unsafe-inline-in-style-src-only',
  'csp-implemented-with-insecure-scheme-in-passive-content-only',
]);

/** Scores the policy as csp.js `contentSecurityPolicyTest` does: the first failing check wins. */
export function evaluateCsp(input: CspInput): CspEvaluation {
  const headerPolicies = splitPolicies(input.headerValues);
  const metaPolicies = splitPolicies(input.metaValues);

  let csp: ParsedCsp;
  try {
    csp = parseCsp([...headerPolicies, ...metaPolicies]);
  } catch {
    return { result: 'csp-header-invalid', pass: false, directives: null, policy: null };
  }
  const headerOnly = tryParse(parseCsp, headerPolicies);
  const metaOnly = tryParse(parseCspMeta, metaPolicies);

  // A meta policy holding only directives meta may not set counts as no policy at all.
  if (headerOnly.directives.size + metaOnly.directives.size === 0) {
    // Report-only is honoured only as a header.
    const result = input.reportOnly ? 'csp-not-implemented-but-reporting-enabled' : 'csp-not-implemented';
    return { result, pass: false, directives: null, policy: null };
  }

  const directives = csp.directives;
  const policy: CspPolicyFlags = {
    antiClickjacking: false,
    defaultNone: false,
    insecureBaseUri: false,
    insecureFormAction: false,
    insecureSchemeActive: false,
    insecureSchemePassive: false,
    strictDynamic: false,
    unsafeEval: false,
    unsafeInline: false,
    unsafeInlineStyle: false,
    unsafeObjects: false,
  };
  // Each check below only records its result when no earlier check has failed.
  const outcome: { result?: CspResult } = {};
  const fail = (candidate: CspResult) => {
    outcome.result ??= candidate;
  };

  // These are the same Set objects as in the map (script-src falling back to default-src shares
  // it), so the deletions below also affect other directives, as they do upstream.
  const baseUri = directives.get('base-uri') ?? new Set(['*']);
  // frame-ancestors only counts from a header; a meta policy cannot set it.
  const frameAncestors = headerOnly.directives.get('frame-ancestors') ?? new Set(['*']);
  const formAction = directives.get('form-action') ?? new Set(['*']);
  const objectSrc = directives.get('object-src') ?? directives.get('default-src') ?? new Set(['*']);
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src') ?? new Set(['*']);
  const styleSrc = directives.get('style-src') ?? directives.get('default-src') ?? new Set(['*']);

  // A nonce or hash makes browsers ignore 'unsafe-inline' (CSP2+), so it is not held against the policy.
  for (const sources of [scriptSrc, styleSrc]) {
    if (hasNonceOrHash(sources) && sources.has("'unsafe-inline'")) sources.delete("'unsafe-inline'");
  }

  // 'strict-dynamic' with a nonce or hash: scheme/host sources, 'self' and 'unsafe-inline' are
  // ignored by browsers, so they are dropped. Without a nonce or hash the policy is invalid.
  if (hasNonceOrHash(scriptSrc) && scriptSrc.has("'strict-dynamic'")) {
    for (const source of scriptSrc) {
      const broad = [...DANGEROUSLY_BROAD].some((prefix) => source.startsWith(prefix));
      if (broad || source === "'self'" || source === "'unsafe-inline'") scriptSrc.delete(source);
    }
    policy.strictDynamic = true;
  } else if (scriptSrc.has("'strict-dynamic'")) {
    fail('csp-header-invalid');
  }

  // Active content: every directive except the passive ones and script-src, plus the effective script-src.
  const activeSources = [...directives]
    .filter(([name]) => !PASSIVE_DIRECTIVES.includes(name) && name !== 'script-src')
    .flatMap(([, sources]) => [...sources]);
  activeSources.push(...scriptSrc);
  const passiveSources = PASSIVE_DIRECTIVES.flatMap((name) => [
    ...(directives.get(name) ?? directives.get('default-src') ?? []),
  ]);
  const insecureScheme = (source: string) => source.startsWith('http:') || source.startsWith('ftp:');

  // 'unsafe-inline' or data: in script-src, or an overly broad script-src/object-src (including
  // leaving either unrestricted).
  if (
    [...scriptSrc].some((source) => BROAD_OR_UNSAFE_INLINE.has(source)) ||
    [...objectSrc].some((source) => DANGEROUSLY_BROAD.has(source))
  ) {
    fail('csp-implemented-with-unsafe-inline');
    policy.unsafeInline = true;
  }

  if (input.https && activeSources.some(insecureScheme)) {
    fail('csp-implemented-with-insecure-scheme');
    policy.insecureSchemeActive = true;
  }

  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) {
    fail('csp-implemented-with-unsafe-eval');
    policy.unsafeEval = true;
  }

  if (input.https && passiveSources.some(insecureScheme)) {
    fail('csp-implemented-with-insecure-scheme-in-passive-content-only');
    policy.insecureSchemePassive = true;
  }

  if ([...styleSrc].some((source) => BROAD_OR_UNSAFE_INLINE.has(source))) {
    fail('csp-implemented-with-unsafe-inline-in-style-src-only');
    policy.unsafeInlineStyle = true;
  }

  const defaultSrc = directives.get('default-src');
  if (defaultSrc?.has("'none'") && defaultSrc.size === 1) {
    fail('csp-implemented-with-no-unsafe-default-src-none');
    policy.defaultNone = true;
  } else {
    fail('csp-implemented-with-no-unsafe');
  }

  // Recorded, not scored.
  policy.antiClickjacking = ![...frameAncestors].some((source) => DANGEROUSLY_BROAD.has(source));
  policy.insecureBaseUri = [...baseUri].some((source) => BROAD_OR_UNSAFE_INLINE.has(source));
  policy.insecureFormAction = [...formAction].some((source) => DANGEROUSLY_BROAD.has(source));
  policy.unsafeObjects = [...objectSrc].some((source) => DANGEROUSLY_BROAD.has(source));

  let final: CspResult = outcome.result ?? 'csp-implemented-with-no-unsafe';
  const pass = PASSING.has(final);
  // A passing policy with a repeated report-uri/report-to is reported as such (still a pass, 0).
  if (pass && csp.duplicates.size > 0) final = 'csp-implemented-but-duplicate-directives';
  return { result: final, pass, directives, policy };
}
