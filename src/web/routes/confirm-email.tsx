import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/confirm-email';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Confirm Email - JotIt!',
    description: 'Confirm the e-mail address of your JotIt account.',
    path: '/confirm-email',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Confirm your email'} description={'E-mail confirmation opens with the accounts release.'} />;
}
