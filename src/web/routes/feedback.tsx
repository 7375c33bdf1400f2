import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/feedback';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Feedback - JotIt!',
    description: 'Tell the JotIt team what works and what should be better.',
    path: '/feedback',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Feedback'} description={'The feedback form opens with the marketing site release.'} />;
}
