import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Sign In - JotIt!',
    description: 'Sign in to JotIt to test the developer API and manage your account.',
    path: '/login',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Sign In'} description={'Sign-in opens with the accounts release.'} />;
}
