import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'About - JotIt!',
    description: 'Why we build JotIt: the fastest way to capture an idea before it is gone.',
    path: '/about',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'About JotIt'} description={'Our story is being written.'} />;
}
