import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/overview';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'JotIt! Overview',
    description: 'An overview of JotIt for signed-in users: the desktop app, the encrypted jot API and your tools.',
    path: '/overview',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'JotIt! Overview'} description={'The overview opens with the accounts release.'} />;
}
