/**
 * html-validate's `standard` preset over built pages: every error as "rule: message (selector)",
 * so a failing check names what to fix. The browser suite runs it over the sitemap, the
 * integration build over every page of its copy.
 */
import { HtmlValidate } from 'html-validate';

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

export async function htmlErrors(html: string, name: string): Promise<string[]> {
  const report = await validator.validateString(html, name);
  return report.results.flatMap(({ messages }) =>
    messages
      .filter(({ severity }) => severity === 2)
      .map(({ ruleId, message, selector }) => `${ruleId}: ${message} (${selector ?? 'document'})`),
  );
}
