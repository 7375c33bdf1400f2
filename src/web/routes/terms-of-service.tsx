import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/terms-of-service';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Terms of Service - JotIt!',
    description: 'The terms that govern the use of JotIt.',
    path: '/terms-of-service',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Terms of Service'} description={'Our terms of service are being published.'} />;
}
