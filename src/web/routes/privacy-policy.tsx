import { Link } from 'react-router';
import { pageTitle, PRODUCT_NAME, SUPPORT_EMAIL_DISPLAY } from '../../shared/brand';
import { LEGAL_EFFECTIVE_DATE } from '../../shared/constants';
import { type LegalSection, LegalPage } from '~/features/marketing';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/privacy-policy';
import { SAME_FOR_EVERYONE } from '~/lib/server-context';

export const handle = SAME_FOR_EVERYONE;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle('Privacy Policy'),
    description: `How ${PRODUCT_NAME} handles your data: an anonymous launch count, encrypted jots, and an e-mail address used only for the download link and product updates.`,
    path: '/privacy-policy',
    origin: originFromMatches(matches),
  });

const mail = <a href={`mailto:${SUPPORT_EMAIL_DISPLAY}`}>{SUPPORT_EMAIL_DISPLAY}</a>;

const SECTIONS: LegalSection[] = [
  {
    id: 'summary',
    title: 'The short version',
    content: (
      <>
        <p>
          {PRODUCT_NAME} is a small desktop app for saving ideas quickly, and this website offers its download, help and
          developer API. We collect as little as we can, we do not sell data, and we do not show ads.
        </p>
        <ul>
          <li>The app sends an <strong>anonymous launch ping</strong>. We count these pings and show the total publicly.</li>
          <li>
            Jots sent to our service are <strong>encrypted in transit</strong> with AES-256. The public counter shows only
            counts and an approximate location (city and region, or country), never what anyone wrote.
          </li>
          <li>
            If you give us your e-mail address, we use it <strong>only for the download link and product updates</strong>.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'app',
    title: 'What the desktop app sends',
    content: (
      <>
        <p>
          <strong>Launch ping.</strong> When {PRODUCT_NAME} starts, it tells our servers that it was launched, with the app
          version. The ping carries no name, e-mail address or content, and it is not tied to an account. The total number
          of pings and jots is shown on our home page.
        </p>
        <p>
          <strong>Jots.</strong> Where a jot is sent to our service, it is encrypted on your computer with AES-256 before it
          leaves, using a key tied to your build of the app, and decrypted on our servers. We store it with the time it
          arrived, the app version and plugin, the sending IP address and an approximate location derived from that
          address. Jots are processed automatically; our staff do not read them, except when you ask us for help with a
          specific jot or when the law requires it.
        </p>
        <p>
          <strong>Public counter.</strong> The live counter and the list of latest ideas on our home page show how many
          jots exist and, for recent ones, when they arrived and an approximate location. They never show the text of a
          jot, an IP address or anything that identifies you.
        </p>
        <p>
          <strong>Plugins.</strong> The offline plugin writes jots to a text file on your computer; that file never leaves
          your device through {PRODUCT_NAME}. The Google Docs plugin sends jots from your computer to the Google document you
          choose, under your own Google account. We never receive your Google password, and Google&apos;s privacy policy
          covers what Google does with your documents.
        </p>
      </>
    ),
  },
  {
    id: 'you-give-us',
    title: 'Information you give us',
    content: (
      <ul>
        <li>
          <strong>Download requests:</strong> your first name and e-mail address, the page you signed up on and how you
          found us (for example, a newsletter link). We use the address only to send the download link and product updates,
          such as new versions, the macOS release and {PRODUCT_NAME} Pro. Every update has an unsubscribe link.
        </li>
        <li>
          <strong>Feedback and contact messages:</strong> your name, e-mail address, company (optional) and message, so that
          we can reply.
        </li>
        <li>
          <strong>Invitations:</strong> your name and e-mail address and your friend&apos;s name and e-mail address. We send
          your friend one e-mail and do not add them to any list.
        </li>
        <li>
          <strong>Accounts:</strong> if you sign in to the developer tools, your e-mail address and a securely hashed
          password.
        </li>
      </ul>
    ),
  },
  {
    id: 'automatic',
    title: 'Information collected automatically on this website',
    content: (
      <>
        <p>
          When you send a form we record your IP address and browser type, to stop abuse and spam. Forms are protected by a
          proof-of-work check that runs in your browser; it uses no third-party service and no tracking.
        </p>
        <p>
          We use no advertising or cross-site tracking cookies. Your browser keeps a few small items in its own storage: the
          banners you closed, your sign-in token if you sign in, and for one session the campaign that brought you here.
        </p>
        <p>
          We count visits to this website ourselves, without cookies and without storing your IP address or browser
          details: see <Link to="/privacy/analytics">what our site analytics counts</Link>, and how to opt out.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <p>We do not sell or rent personal information. We share it only with service providers that help us run {PRODUCT_NAME}:</p>
        <ul>
          <li>our e-mail delivery provider, to send download links, replies and invitations;</li>
          <li>Kit (ConvertKit), which manages our product-update list;</li>
          <li>our hosting and database providers.</li>
        </ul>
        <p>Each is bound to use the data only to provide their service to us. We may also disclose information when the law requires it.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <p>
        We keep your e-mail address until you unsubscribe or ask us to delete it. Feedback, contact messages and invitations
        are kept for up to two years. Jots are kept while the service runs unless you ask us to delete them. Server logs are
        kept for up to 30 days.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    content: (
      <p>
        Jots are encrypted in transit with AES-256, connections to this website use HTTPS, passwords are hashed with
        Argon2id, and access to production systems is limited to the people who operate them. No system is perfectly secure;
        if we learn of a breach that affects you, we will tell you without undue delay.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your choices and rights',
    content: (
      <>
        <p>
          You can unsubscribe from product updates at any time with the link in any update. You can ask us to access,
          correct, export or delete your personal information, wherever you live, by writing to {mail}. We answer within 30
          days.
        </p>
        <p>{PRODUCT_NAME} is not directed to children under 13, and we do not knowingly collect their personal information.</p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        If we change this policy, we will update the effective date above, and for significant changes we will tell people
        on our update list by e-mail before the change takes effect. Our <Link to="/terms-of-service">Terms of Service</Link>{' '}
        explain the rules for using {PRODUCT_NAME}.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        Questions about privacy? Write to {mail} or to {PRODUCT_NAME}, Inc., 511 Union Street, Suite 1400, Nashville, TN 37219,
        United States.
      </p>
    ),
  },
];

export default function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      description={`What ${PRODUCT_NAME} collects, why, and what you can do about it, in plain language.`}
      effectiveDate={LEGAL_EFFECTIVE_DATE}
      sections={SECTIONS}
    />
  );
}
