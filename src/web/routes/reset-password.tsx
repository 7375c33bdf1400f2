import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Reset Password - JotIt!',
    description: 'Choose a new password for your JotIt account.',
    path: '/reset-password',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Reset Password'} description={'Password reset opens with the accounts release.'} />;
}
