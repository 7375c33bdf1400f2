import { PageHeader } from '~/components/page-header';
import { ProtectedPage } from '~/features/accounts';
import { ApiTester } from '~/features/api-tester';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/api-tester';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'API Tester - JotIt!',
    description: 'Try the JotIt encrypted jot API from your browser.',
    path: '/api-tester',
    origin: originFromMatches(matches),
  });

/** Spec §2 /api-tester (signed-in): try every jot endpoint from the browser. */
export default function ApiTesterPage() {
  return (
    <ProtectedPage>
      <section className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14">
        <PageHeader
          eyebrow="Developers"
          title="API Tester"
          description="Send test jots, encrypted payloads and authenticated reads to the JotIt API, and see exactly what comes back."
        />
        <ApiTester />
      </section>
    </ProtectedPage>
  );
}
