/**
 * What stops a build among the redirects editors wrote, each in the editor's words at the file and
 * line it is written on: an old address listed twice, one leading to another old address (a chain:
 * visitors would take two hops, search engines may give up) or round in a loop, an old address the
 * site still has a page at (the redirect would hide it), and a redirect to no page of the site.
 */
import { mistakesToFix } from '../content-checks/content-checks.ts';
import type { RedirectProblem, RedirectRule } from './redirect-sources.ts';

const at = (rule: RedirectRule) => `${rule.file}:${rule.line}`;

/** The problems the rules have among themselves, whatever the build holds. */
export function ruleProblems(rules: readonly RedirectRule[]): RedirectProblem[] {
  const byFrom = new Map<string, RedirectRule>();
  const problems: RedirectProblem[] = [];
  const problem = (rule: RedirectRule, message: string) =>
    problems.push({ file: rule.file, line: rule.line, message });
  for (const rule of rules) {
    const first = byFrom.get(rule.from);
    if (first) problem(rule, `${rule.from} already redirects, at ${at(first)}: keep one of the two.`);
    else byFrom.set(rule.from, rule);
  }
  for (const rule of byFrom.values()) {
    if (rule.to === rule.from) {
      problem(rule, `${rule.from} redirects to itself: a loop no visitor gets out of. Point it at a page.`);
      continue;
    }
    const path = [rule.from];
    let next = byFrom.get(rule.to);
    while (next && !path.includes(next.from)) {
      path.push(next.from);
      next = byFrom.get(next.to);
    }
    if (next) {
      problem(
        rule,
        `the redirects ${[...path, next.from].join(' → ')} go round in a loop: point ${rule.from} at a page.`,
      );
    } else if (path.length > 1) {
      const end = byFrom.get(path.at(-1)!)!.to;
      problem(
        rule,
        `${rule.from} goes to ${rule.to}, itself an old address that redirects (${at(byFrom.get(rule.to)!)}): point it straight at ${end}.`,
      );
    }
  }
  return problems;
}

/**
 * The rules a build can serve, and the problems against what it built: `exists` is true for a
 * page or file of the built site. An entry's own old addresses wait for it: a draft or an entry
 * scheduled for later is not built, and its `redirectFrom` goes live with it.
 */
export function builtRedirects(
  rules: readonly RedirectRule[],
  exists: (path: string) => boolean,
): { live: RedirectRule[]; problems: RedirectProblem[] } {
  const live: RedirectRule[] = [];
  const problems: RedirectProblem[] = [];
  for (const rule of rules) {
    const { file, line } = rule;
    if (exists(rule.from)) {
      problems.push({
        file,
        line,
        message: `${rule.from} is still a page of the site: a redirect would hide it. Remove the redirect, or the page.`,
      });
    } else if (exists(rule.to)) live.push(rule);
    else if (!rule.entry) {
      problems.push({
        file,
        line,
        message: `${rule.from} goes to ${rule.to}, which is no page of the site: check the address, e.g. a page’s own address in the browser.`,
      });
    }
  }
  return { live, problems };
}

export const formatRedirectProblems = (problems: readonly RedirectProblem[]) =>
  mistakesToFix('the redirects', problems);

/** Old address → new address, as the content checks and the written rules take them. */
export const redirectTable = (rules: readonly RedirectRule[]): Record<string, string> =>
  Object.fromEntries(rules.map((rule) => [rule.from, rule.to]));
