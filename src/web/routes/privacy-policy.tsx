import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/privacy-policy';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Privacy Policy - JotIt!',
    description: 'How JotIt handles your data.',
    path: '/privacy-policy',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Privacy Policy'} description={'Our privacy policy is being published.'} />;
}
