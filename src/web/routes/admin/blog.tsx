import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/blog';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Blog Management - JotIt!',
    description: 'Manage the JotIt blog.',
    path: '/admin/blog',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Blog Management'} description={'Blog management opens in a later release.'} />;
}
