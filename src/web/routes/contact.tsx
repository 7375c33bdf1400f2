import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Contact - JotIt!',
    description: 'Get in touch with the JotIt team: support, sales and enterprise.',
    path: '/contact',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Get in Touch'} description={'The contact form opens with the marketing site release.'} />;
}
