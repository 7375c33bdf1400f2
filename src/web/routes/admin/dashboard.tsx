import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Admin Dashboard - JotIt!',
    description: 'JotIt administration.',
    path: '/admin',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Admin Dashboard'} description={'The admin back-office opens with the accounts release.'} />;
}
