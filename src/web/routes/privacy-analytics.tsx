import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { pageTitle, PRODUCT_NAME } from '../../shared/brand';
import { LEGAL_EFFECTIVE_DATE } from '../../shared/constants';
import { Label } from '~/components/ui/label';
import { Checkbox } from '~/components/ui/checkbox';
import { isAnalyticsOptedOut, setAnalyticsOptOut } from '~/features/analytics';
import { type LegalSection, LegalPage } from '~/features/marketing';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/privacy-analytics';
import { SAME_FOR_EVERYONE } from '~/lib/server-context';

export const handle = SAME_FOR_EVERYONE;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle('Site Analytics and Privacy'),
    description: `What the ${PRODUCT_NAME} website counts about visits, without cookies, IP addresses or browser details, and how to opt out.`,
    path: '/privacy/analytics',
    origin: originFromMatches(matches),
  });

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The opt-out box (issue 40 §5; a checkbox rather than the kit's Switch, which would leave the form chunk and add
 * 1.9 KB to the admin's first screen): ticked, this browser's page views after the first are not sent; the flag lives
 * in `localStorage`, no cookie. Rendered off on the server; the browser shows its own setting after hydration.
 */
function AnalyticsOptOut() {
  const isOptedOut = useSyncExternalStore(subscribe, isAnalyticsOptedOut, () => false);
  return (
    <div className="flex items-center gap-3">
      <Checkbox
        id="analytics-opt-out"
        checked={isOptedOut}
        onCheckedChange={(checked) => {
          setAnalyticsOptOut(checked === true);
          for (const listener of listeners) listener();
        }}
      />
      <Label htmlFor="analytics-opt-out">Do not count my visits in this browser</Label>
    </div>
  );
}

/** docs/analytics.md in the visitor's words (issue 40 §5). */
const SECTIONS: LegalSection[] = [
  {
    id: 'what',
    title: 'What we count',
    content: (
      <>
        <p>
          When our server sends you a page, it counts a page view: the page&apos;s address, the website that linked to it
          (its domain only), the campaign names in the link (<code>utm_source</code>, <code>utm_medium</code>,{' '}
          <code>utm_campaign</code>), your country, whether you use a computer, phone or tablet, and your browser&apos;s
          family (Chrome, Safari…). Pages you open after the first are counted by a small message your browser sends; a
          click on the download link is counted too.
        </p>
        <p>
          To tell visitors apart for one day, the server mixes your IP address and browser details with a random value
          that is replaced every day and then deleted. Only the result is kept: it cannot be turned back into your
          address, and it cannot link your visit today with your visit tomorrow.
        </p>
      </>
    ),
  },
  {
    id: 'not',
    title: 'What we never store',
    content: (
      <ul>
        <li>No cookies, and nothing in your browser for analytics (unless you opt out below).</li>
        <li>No IP address and no browser identification string.</li>
        <li>No tracking across websites, no third-party analytics service, no advertising.</li>
      </ul>
    ),
  },
  {
    id: 'kept',
    title: 'How long',
    content: <p>Single page views are deleted after 30 days; daily totals, which hold no visitor at all, are kept.</p>,
  },
  {
    id: 'opt-out',
    title: 'Opting out',
    content: (
      <>
        <p>
          Browsers that send the <strong>Global Privacy Control</strong> signal are never counted. You can also switch
          counting off for this browser here (the setting is kept in this browser&apos;s own storage). The pages you open
          after the first are then not counted; the first page of a visit is counted by our server as it sends it, unless
          your browser sends Global Privacy Control.
        </p>
        <AnalyticsOptOut />
        <p>
          The rest of our handling of data is in the <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
];

export default function PrivacyAnalytics() {
  return (
    <LegalPage
      title="Site Analytics and Privacy"
      description={`What the ${PRODUCT_NAME} website counts about visits, and what it never stores.`}
      effectiveDate={LEGAL_EFFECTIVE_DATE}
      sections={SECTIONS}
    />
  );
}
