import { Link } from 'react-router';
import { pageTitle, PRODUCT_NAME, SUPPORT_EMAIL_DISPLAY } from '../../shared/brand';
import { GOVERNING_LAW_STATE, LEGAL_EFFECTIVE_DATE } from '../../shared/constants';
import { type LegalSection, LegalPage } from '~/features/marketing';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/terms-of-service';
import { SAME_FOR_EVERYONE } from '~/lib/server-context';

export const handle = SAME_FOR_EVERYONE;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle('Terms of Service'),
    description: `The terms for using the ${PRODUCT_NAME} desktop app, website and developer API.`,
    path: '/terms-of-service',
    origin: originFromMatches(matches),
  });

const mail = <a href={`mailto:${SUPPORT_EMAIL_DISPLAY}`}>{SUPPORT_EMAIL_DISPLAY}</a>;

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Agreement',
    content: (
      <p>
        These terms are an agreement between you and {PRODUCT_NAME}, Inc. (&quot;{PRODUCT_NAME}&quot;, &quot;we&quot;) about the{' '}
        {PRODUCT_NAME} desktop app, this website and the developer API (together, the &quot;Service&quot;). By downloading the
        app or using the Service you accept them. If you use the Service for an organisation, you accept them on its behalf.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'The Service',
    content: (
      <>
        <p>
          {PRODUCT_NAME} lets you save short notes (&quot;jots&quot;) from your system tray to a text file on your computer or
          to a Google Docs document. The app sends an anonymous launch ping, and jots sent to our service are encrypted in
          transit; our public counter shows only counts and approximate locations. Our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link> explains this in detail.
        </p>
        <p>
          The app is free for Windows. Planned paid features (&quot;{PRODUCT_NAME} Pro&quot;) will come with their own price and
          terms, shown before you buy. We may change or discontinue features; if we discontinue the Service, we will give
          reasonable notice where we can.
        </p>
      </>
    ),
  },
  {
    id: 'licence',
    title: 'Your licence to use the app',
    content: (
      <p>
        We grant you a personal, worldwide, non-exclusive, non-transferable licence to install and use the app on devices
        you own or control, for personal or business purposes. You may not sell, rent or redistribute the app, remove our
        notices, or reverse engineer it except where the law allows you to despite this restriction.
      </p>
    ),
  },
  {
    id: 'your-content',
    title: 'Your jots and your e-mail address',
    content: (
      <>
        <p>
          You own your jots. You give us only the permission we need to run the Service: to receive, store, count and
          process them automatically, and to show counts and approximate locations publicly. We do not read, sell or
          publish the content of your jots.
        </p>
        <p>When you give us your e-mail address, we use it only for the download link and product updates; you can unsubscribe at any time.</p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>send spam or unwanted invitations, or use our forms to contact people who have not agreed to hear from you;</li>
          <li>overload, probe or attack the Service, or get around its rate limits, captcha or security;</li>
          <li>send unlawful content, malware, or content that infringes someone else&apos;s rights;</li>
          <li>use the developer API with credentials that are not yours, or share your API secrets publicly.</li>
        </ul>
        <p>We may suspend access that breaks these rules or puts the Service or other people at risk.</p>
      </>
    ),
  },
  {
    id: 'api',
    title: 'Developer API and accounts',
    content: (
      <p>
        If you use the developer API or sign in to the developer tools, keep your password, tokens and client secrets safe;
        you are responsible for what is done with them. Our uptime (99.9%) and response-time (under 100 ms) figures are goals
        we design and measure for, not a guarantee, unless a separate written agreement says otherwise.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-party services',
    content: (
      <p>
        The Google Docs plugin works with your Google account under Google&apos;s own terms and privacy policy. We are not
        responsible for services we do not control, including changes to them that affect a plugin.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    content: (
      <p>
        The Service is provided &quot;as is&quot; and &quot;as available&quot;. To the extent the law allows, we disclaim all implied
        warranties, including merchantability, fitness for a particular purpose and non-infringement. Keep copies of anything
        important: a note-taking app is not a backup system.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    content: (
      <p>
        To the extent the law allows, {PRODUCT_NAME} is not liable for indirect, incidental, special, consequential or
        punitive damages, or for lost data, profits or revenue. Our total liability for any claim about the Service is
        limited to the greater of the amount you paid us in the 12 months before the claim and US$50. Nothing here limits
        liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Ending this agreement',
    content: (
      <p>
        You can stop using the Service at any time by uninstalling the app and, if you like, asking us to delete your data.
        We may end or suspend your access if you break these terms. Sections that by their nature should survive, such as
        ownership, disclaimers, limitation of liability and governing law, survive the end of this agreement.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    content: (
      <p>
        These terms are governed by the laws of the State of {GOVERNING_LAW_STATE}, United States, without regard to its
        conflict-of-law rules. Any dispute will be brought in the state or federal courts located in Davidson County,{' '}
        {GOVERNING_LAW_STATE}, and you and we consent to their jurisdiction, unless the law of your home country gives you the
        right to bring a claim where you live.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    content: (
      <p>
        We may update these terms; the effective date above shows when they last changed, and we will announce significant
        changes in advance. Questions? Write to {mail} or to {PRODUCT_NAME}, Inc., 511 Union Street, Suite 1400, Nashville, TN
        37219, United States.
      </p>
    ),
  },
];

export default function TermsOfService() {
  return (
    <LegalPage
      title="Terms of Service"
      description={`The rules for using ${PRODUCT_NAME}, written to be read. Governed by ${GOVERNING_LAW_STATE} law.`}
      effectiveDate={LEGAL_EFFECTIVE_DATE}
      sections={SECTIONS}
    />
  );
}
