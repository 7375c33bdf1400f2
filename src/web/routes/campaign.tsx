import { Suspense } from 'react';
import { data } from 'react-router';
import { RouteError } from '~/components/route-error';
import { FormPlaceholder, LEAD_FORM_FIELDS, LeadForm, unsentFormAction } from '~/features/marketing';
import { originFromMatches, seo } from '~/lib/seo';
import { PRODUCT_NAME } from '../../shared/brand';
import { campaignLeadSource } from '../../shared/schemas/campaigns';
import type { Route } from './+types/campaign';
import { serverContextOf } from '~/lib/server-context';

/** A campaign's landing page (issue 12): active campaigns only (else 404); each human visit is counted. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, visitor } = serverContextOf(context);
  const campaign = await services.getCampaignLandingPage(params.slug, visitor);
  if (!campaign) throw data(null, { status: 404 });
  // The page needs the rendered HTML only: the Markdown source stays out of the hydration data.
  const { landingPageContent: _source, ...shown } = campaign;
  return { campaign: shown };
}

/** The lead form posted without JavaScript: shown again with what was typed and a notice (as on the home page). */
/** A form posted without JavaScript answers with the form as typed (unsentFormAction). */
export const action = unsentFormAction(LEAD_FORM_FIELDS);

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), LeadForm.preload()]);
  return loaded;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: 'Page Not Found' }, { name: 'robots', content: 'noindex' }];
  const { campaign } = loaderData;
  return seo({
    title: `${campaign.name} - ${PRODUCT_NAME}!`,
    description: campaign.description ?? campaign.name,
    path: `/c/${campaign.slug}`,
    origin: originFromMatches(matches),
  });
};

export default function CampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign } = loaderData;
  const source = campaignLeadSource(campaign.slug);
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <article className="flex min-w-0 flex-col gap-6">
        <header className="flex flex-col gap-3">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{campaign.name}</h1>
          {campaign.description && <p className="text-lg text-muted-foreground text-pretty">{campaign.description}</p>}
        </header>
        {/* Rendered from Markdown and sanitised on the server (src/shared/markdown.ts). */}
        <div className="prose-jotit" data-testid="campaign-content" dangerouslySetInnerHTML={{ __html: campaign.landingPageHtml }} />
      </article>
      <Suspense fallback={<FormPlaceholder className="rounded-2xl border bg-card" />}>
        <LeadForm
          source={source}
          title="Get JotIt free"
          description="We e-mail you the download link."
          submitLabel="Email Me the Download"
          action={`/c/${campaign.slug}`}
          unsent={actionData?.values.source === source ? actionData : undefined}
          className="rounded-2xl border bg-card lg:sticky lg:top-24"
        />
      </Suspense>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} notFound={{ detail: 'This offer does not exist or has ended.' }} />;
}
