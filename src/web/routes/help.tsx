import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/help';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Help & FAQ - JotIt!',
    description: 'Answers to common questions about installing and using JotIt.',
    path: '/help',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Help & FAQ'} description={'Help articles and answers to common questions are on their way.'} />;
}
