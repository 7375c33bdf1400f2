import { PlannedPage } from '~/components/page-header';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'JotIt - Capture ideas in seconds',
    description: 'JotIt saves short notes from your system tray in seconds: to a local file or straight into Google Docs. Free for Windows.',
    path: '/',
    origin: originFromMatches(matches),
  });

export default function Page() {
  return <PlannedPage title={'Capture every idea in seconds'} description={'JotIt saves a note from your system tray before the thought is gone.'} />;
}
