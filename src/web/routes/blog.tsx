import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/blog';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Blog - JotIt!',
    description: 'Articles on security, engineering and development from the JotIt team.',
    path: '/blog',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Blog'} description={'Articles from the JotIt team are on their way.'} />;
}
