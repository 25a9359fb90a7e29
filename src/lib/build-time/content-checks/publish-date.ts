/**
 * A post or case study dated in the future is most often a typing slip (2062 for 2026): it would go
 * live today under a date still to come. So the build refuses it unless its front matter says
 * `scheduled: true`, which keeps it off the site until the first build on or after that day.
 */
import { isFutureDay } from '../../shared/dates.ts';
import type { YamlField } from './yaml-fields.ts';

/** The problem with an entry's front matter fields, or undefined. */
export function futureDateProblem(
  fields: readonly YamlField[],
  today: Date,
): { line: number; message: string } | undefined {
  const value = (key: string) => fields.find((field) => field.key === key)?.value;
  if (value('draft') === true || value('scheduled') === true) return undefined;
  const field = fields.find(({ key }) => key === 'publishDate');
  if (!field || !isFutureDay(new Date(String(field.value)), today)) return undefined;
  return {
    line: field.line,
    message:
      `publishDate ${String(field.value)} is a day still to come. To publish it on that day, add the line ` +
      `"scheduled: true" (it appears at the first build on or after that day); otherwise correct the date.`,
  };
}
