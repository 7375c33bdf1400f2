import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/banners';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Site Banners - JotIt!',
    description: 'Manage site-wide notification banners.',
    path: '/admin/banners',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Site Banners'} description={'Banner management opens in a later release.'} />;
}
