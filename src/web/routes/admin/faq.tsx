import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/faq';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'FAQ Management',
    description: 'Manage the JotIt FAQ.',
    path: '/admin/faq',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'FAQ Management'} description={'FAQ management opens in a later release.'} />;
}
