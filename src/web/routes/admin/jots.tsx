import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/jots';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Jots Management - JotIt!',
    description: 'Jots received from the JotIt desktop app.',
    path: '/admin/jots',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Jots Management'} description={'Jot management opens with the developer API release.'} />;
}
