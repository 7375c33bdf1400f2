import { ArrowRightIcon, CheckIcon, StarIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/brand';
import { PRO_WAITLIST_SOURCE } from '../../shared/constants';
import { Button } from '~/components/ui/button';
import { type ComponentProps, Suspense } from 'react';
import {
  ClaimsSection,
  FeaturesSection,
  FormPlaceholder,
  LEAD_FORM_FIELDS,
  LeadForm,
  PainPointsSection,
  PrivacyPromise,
  ProSection,
  ProWaitlistForm,
  unsentFormAction,
  Section,
} from '~/features/marketing';
import { TestimonialsGrid } from '~/features/testimonials';
import { lazyHydrated } from '~/lib/lazy-hydrated';
import { originFromMatches, seo } from '~/lib/seo';
import { RouteError } from '~/components/route-error';
import type { Route } from './+types/home';
import { SAME_FOR_EVERYONE, serverContextOf } from '~/lib/server-context';

/*
 * The lead forms (split by the marketing feature) and the latest-ideas list render on the server like everything
 * else, but their JavaScript is split out of the first load: React keeps the server HTML in place and hydrates them
 * when their chunk arrives (docs/architecture.md §8: the home page's initial JavaScript stays under 150 KB gzip).
 */
const LiveCounter = lazyHydrated(() => import('~/features/jot-counter/live-counter'));
const LatestIdeas = lazyHydrated(() => import('~/features/jot-counter/latest-ideas'));

const TITLE = `${PRODUCT_NAME} - Capture ideas in seconds from your system tray`;
const DESCRIPTION =
  `${PRODUCT_NAME} saves a note from your Windows system tray in seconds: to a local text file or straight into Google Docs. ` +
  'Free download under 10 MB, encrypted with AES-256.';

export const handle = SAME_FOR_EVERYONE;

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = serverContextOf(context);
  // Seeds the live counter, so its number is in the HTML and nothing jumps when the browser starts polling.
  return {
    jotCount: await services.getJotCount().catch(() => null),
    downloadUrl: services.downloadUrl,
    // Published testimonials, featured first (issue 12); none: the social-proof section stays as it was.
    testimonials: await services.listTestimonials().catch(() => []),
  };
}

/** A form posted without JavaScript answers with the form as typed (unsentFormAction). */
export const action = unsentFormAction(LEAD_FORM_FIELDS);

/*
 * Where the lead forms post without JavaScript. React Router sends a document POST to `/` to the root route
 * (405: it has no action) unless `?index` names this index route; the fragment brings the visitor back to the form.
 */
const HERO_FORM_ACTION = '/?index';
const DOWNLOAD_FORM_ACTION = '/?index#download';
const PRO_WAITLIST_FORM_ACTION = '/?index#pro';

// On a client-side navigation to the home page, its split parts load with its data, so the page renders whole
// (an anchor like /#download then scrolls to the right place).
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), LeadForm.preload(), ProWaitlistForm.preload(), LiveCounter.preload(), LatestIdeas.preload()]);
  return data;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const origin = originFromMatches(matches);
  return [
    ...seo({ title: TITLE, description: DESCRIPTION, path: '/', origin }),
    {
      // Data, not script: browsers never execute it, so the page's CSP does not apply to it.
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'SoftwareApplication',
        name: PRODUCT_NAME,
        description: DESCRIPTION,
        url: `${origin ?? ''}/`,
        applicationCategory: 'ProductivityApplication',
        operatingSystem: 'Windows 10, Windows 11',
        fileSize: '10MB',
        ...(loaderData?.downloadUrl ? { downloadUrl: loaderData.downloadUrl } : {}),
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
        featureList: [
          'Capture a note from the system tray in seconds',
          'Save to a local text file, offline',
          'Save to a Google Docs document',
          'AES-256 encryption in transit',
          'Smart auto-close and remembered preferences',
        ],
        publisher: {
          '@type': 'Organization',
          name: PRODUCT_NAME,
          foundingDate: '2024',
          url: `${origin ?? ''}/`,
        },
      },
    },
  ];
};

const HERO_POINTS = [
  'One click from the tray: no app to open, nothing to organise',
  'Saves offline to a text file, or straight into Google Docs',
  'Encrypted with AES-256 on the way; we never read your jots',
];

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const unsentForm = (source: string) => (actionData?.values.source === source ? actionData : undefined);
  return (
    <>
      <section aria-labelledby="hero-heading" className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_10%_-10%,color-mix(in_oklab,var(--primary),transparent_85%),transparent),radial-gradient(40rem_24rem_at_95%_10%,color-mix(in_oklab,var(--idea),transparent_80%),transparent)]"
        />
        {/* Small screens: intro, form, then the details; wide screens: text on the left, the form on the right. */}
        <div className="mx-auto grid max-w-6xl gap-8 px-4 pt-10 pb-16 sm:px-6 sm:pt-20 sm:pb-24 lg:grid-cols-[1.15fr_1fr] lg:gap-x-16 lg:gap-y-8">
          <div className="flex flex-col gap-5 lg:gap-6 lg:self-end">
            <p className="inline-flex w-fit items-center gap-2 rounded-full border bg-background/80 px-3 py-1 text-sm font-medium text-muted-foreground shadow-xs">
              <span aria-hidden="true" className="size-2 rounded-full bg-success" /> Free for Windows · macOS coming
              soon
            </p>
            <h1
              id="hero-heading"
              className="bg-linear-to-br from-foreground from-30% to-primary to-90% bg-clip-text pb-1 text-4xl leading-[1.05] font-extrabold tracking-tight text-balance text-transparent sm:text-5xl lg:text-[3.6rem] forced-colors:bg-none forced-colors:text-[CanvasText]"
            >
              Capture ideas in seconds, before they slip away.
            </h1>
            <p className="max-w-xl text-lg text-muted-foreground text-pretty sm:text-xl">
              {PRODUCT_NAME} lives in your system tray. Click, type, press Enter: your thought is saved and you are back
              to work before it is gone.
            </p>
          </div>
          <HomeLeadForm
            source="homepage-hero"
            title="Try free"
            description="Save ideas to a local file, or connect Google Docs and find them on every device. We e-mail you the download link."
            submitLabel="Email Me the Download"
            action={HERO_FORM_ACTION}
            unsent={unsentForm('homepage-hero')}
            className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-center"
          />
          <div className="flex flex-col gap-6 lg:self-start">
            <ul className="flex flex-col gap-3">
              {HERO_POINTS.map((point) => (
                <li key={point} className="flex items-start gap-3">
                  <span
                    aria-hidden="true"
                    className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"
                  >
                    <CheckIcon className="size-3.5" strokeWidth={3} />
                  </span>
                  <span>{point}</span>
                </li>
              ))}
            </ul>
            <p className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
              <span className="flex items-center gap-1" role="img" aria-label="5 star rating">
                {Array.from({ length: 5 }, (_, index) => (
                  <StarIcon key={index} aria-hidden="true" className="size-4 fill-idea text-idea" />
                ))}
              </span>
              <span>10K+ ideas captured daily</span>
              <span>Download under 10 MB</span>
            </p>
          </div>
        </div>
      </section>

      <PainPointsSection />
      <FeaturesSection />

      <Section
        labelledBy="proof-heading"
        className="bg-muted/40"
        eyebrow="Live right now"
        title="People are capturing ideas as you read this"
        description="Every jot saved with the app counts here the moment it arrives. We show when and roughly where, never what."
      >
        <div className="mt-12 grid gap-6 lg:grid-cols-[1fr_1.3fr]">
          <div className="flex flex-col items-center justify-center gap-8 rounded-2xl border bg-card px-6 py-12 shadow-xs">
            <Suspense fallback={<div className="min-h-32" />}>
              <LiveCounter initialCount={loaderData.jotCount} />
            </Suspense>
            <div className="flex w-full max-w-xs flex-col items-center gap-3 border-t pt-8 text-center">
              <p className="text-sm text-muted-foreground">Your next idea could be on this list in a minute.</p>
              <Button asChild>
                <Link to="/#download">
                  Get {PRODUCT_NAME} free <ArrowRightIcon aria-hidden="true" />
                </Link>
              </Button>
            </div>
          </div>
          <div className="overflow-hidden rounded-2xl border bg-card shadow-xs">
            <div className="flex items-center justify-between gap-4 border-b px-4 py-3">
              <h3 className="font-semibold">Latest ideas</h3>
              <p className="text-xs text-muted-foreground">Approximate locations</p>
            </div>
            <Suspense fallback={<div className="min-h-80" />}>
              <LatestIdeas />
            </Suspense>
          </div>
        </div>
        <TestimonialsGrid testimonials={loaderData.testimonials} />
      </Section>

      <section aria-labelledby="privacy-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <PrivacyPromise />
        </div>
      </section>

      <ClaimsSection />

      <section
        id="download"
        aria-labelledby="download-heading"
        className="scroll-mt-20 bg-primary text-primary-foreground"
      >
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:gap-16">
          <div className="flex flex-col gap-5">
            <p className="text-sm font-semibold tracking-wide uppercase opacity-90">Free download</p>
            <h2 id="download-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Your next idea is seconds away. Be ready for it.
            </h2>
            <p className="text-lg text-pretty opacity-90">
              Tell us where to send the installer and you will have {PRODUCT_NAME} in your tray in about a minute.
            </p>
            <ul className="grid gap-3 sm:grid-cols-2">
              {['Windows 10 and 11', 'Under 10 MB', 'No account needed', 'Google Docs built in'].map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <CheckIcon aria-hidden="true" className="size-4 shrink-0" strokeWidth={3} />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <HomeLeadForm
            source="homepage-cta"
            submitLabel="Get Instant Download"
            headingLevel={3}
            action={DOWNLOAD_FORM_ACTION}
            unsent={unsentForm('homepage-cta')}
          />
        </div>
      </section>

      <ProSection
        waitlist={
          <Suspense fallback={<FormPlaceholder className="mx-auto min-h-40 max-w-xl rounded-2xl border bg-card" />}>
            <ProWaitlistForm action={PRO_WAITLIST_FORM_ACTION} unsent={unsentForm(PRO_WAITLIST_SOURCE)} />
          </Suspense>
        }
      />
    </>
  );
}

/** A form too large to read (413) keeps the site frame around its notice. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}

/** One of the page's lead forms: a placeholder of its size until its code has loaded. */
function HomeLeadForm(props: ComponentProps<typeof LeadForm>) {
  return (
    <Suspense fallback={<FormPlaceholder className="rounded-2xl border bg-card" />}>
      <LeadForm {...props} />
    </Suspense>
  );
}
