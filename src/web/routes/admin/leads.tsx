import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/leads';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Leads Management - JotIt!',
    description: 'Leads captured by the JotIt site.',
    path: '/admin/leads',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Leads Management'} description={'Lead management opens in a later release.'} />;
}
