import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/share-it';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Share It - JotIt!',
    description: 'Invite a friend or colleague to try JotIt.',
    path: '/share-it',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Share JotIt'} description={'Invitations open with the marketing site release.'} />;
}
