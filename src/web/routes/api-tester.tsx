import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/api-tester';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'API Tester - JotIt!',
    description: 'Try the JotIt encrypted jot API from your browser.',
    path: '/api-tester',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'API Tester'} description={'The in-browser API tester opens with the developer API release.'} />;
}
