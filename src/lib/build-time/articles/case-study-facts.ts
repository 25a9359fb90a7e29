/**
 * What a case study's facts panel (src/components/articles/CaseStudyFacts.astro) shows: the
 * client, the service with a link to its page, the results and the client's quote. One reading for
 * the case study's page and its item in the case studies' feed, so both show the same.
 */
import { getRequiredEntry } from '../content/entries.ts';
import { serviceRoute } from '../../shared/routes.ts';
import type { CaseStudyWithService } from './article-entries.ts';

export async function caseStudyFacts(study: CaseStudyWithService) {
  const { data: list } = await getRequiredEntry('listPages', 'case-studies');
  const labels = list.published.facts;
  if (!labels) throw new Error('src/content/pages/case-studies.yaml: published.facts is required');
  return {
    labels,
    client: study.data.client,
    service: { href: serviceRoute(study.service.id), label: study.service.data.breadcrumb },
    results: study.data.results,
    quote: study.data.quote,
  };
}

export type CaseStudyFactsProps = Awaited<ReturnType<typeof caseStudyFacts>>;
