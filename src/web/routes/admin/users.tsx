import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/users';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'User Management - JotIt!',
    description: 'Manage JotIt users.',
    path: '/admin/users',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'User Management'} description={'User management opens with the accounts release.'} />;
}
