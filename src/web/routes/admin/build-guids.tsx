import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/build-guids';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Build GUIDs - JotIt!',
    description: 'Encryption keys for decrypting jots from the desktop app.',
    path: '/admin/build-guids',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Build GUIDs'} description={'Build GUID management opens with the developer API release.'} />;
}
