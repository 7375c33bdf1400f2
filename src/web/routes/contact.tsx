import { Building2Icon, ClockIcon, HeadphonesIcon, MailIcon, MapPinIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { pageTitle, PRODUCT_NAME, SALES_EMAIL_DISPLAY, SUPPORT_EMAIL_DISPLAY } from '../../shared/brand';
import { Button } from '~/components/ui/button';
import { CONTACT_FORM_FIELDS, ContactForm, FormWithAside, PageIntro, unsentFormAction } from '~/features/marketing';
import { originFromMatches, seo } from '~/lib/seo';
import { RouteError } from '~/components/route-error';
import type { Route } from './+types/contact';
import { SAME_FOR_EVERYONE } from '~/lib/server-context';

export const handle = SAME_FOR_EVERYONE;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle('Contact'),
    description: `Get in touch with the ${PRODUCT_NAME} team: product support, sales and enterprise plans. We reply within 24 hours.`,
    path: '/contact',
    origin: originFromMatches(matches),
  });

/** The form posted without JavaScript answers with the form as typed (unsentFormAction). */
export const action = unsentFormAction(CONTACT_FORM_FIELDS);

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="Contact"
        title="Get in Touch"
        description="Questions about JotIt, a team rollout or the developer API? Send us a message and a real person will answer within 24 hours."
      />
      <FormWithAside
        id="contact-form-heading"
        title="Send us a message"
        asideLabel="Other ways to reach us"
        aside={
          <>
            <InfoCard icon={<HeadphonesIcon />} title="Support">
              Help with installing and using {PRODUCT_NAME}.
              <a
                href={`mailto:${SUPPORT_EMAIL_DISPLAY}`}
                className="mt-1 block font-medium text-primary underline-offset-4 hover:underline"
              >
                {SUPPORT_EMAIL_DISPLAY}
              </a>
            </InfoCard>
            <InfoCard icon={<MailIcon />} title="Sales">
              Licences for teams, invoices and partnerships.
              <a
                href={`mailto:${SALES_EMAIL_DISPLAY}`}
                className="mt-1 block font-medium text-primary underline-offset-4 hover:underline"
              >
                {SALES_EMAIL_DISPLAY}
              </a>
            </InfoCard>
            <InfoCard icon={<ClockIcon />} title="Hours">
              Mon-Fri 9am-6pm PST. Technical support for the API is available 24/7.
            </InfoCard>
            <InfoCard icon={<MapPinIcon />} title="Office">
              <address className="not-italic">
                {PRODUCT_NAME}, Inc.
                <br />
                511 Union Street, Suite 1400
                <br />
                Nashville, TN 37219
                <br />
                United States
              </address>
            </InfoCard>
            <div className="flex flex-col gap-3 rounded-2xl bg-primary p-6 text-primary-foreground shadow-lg shadow-primary/20">
              <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-xl bg-white/15">
                <Building2Icon className="size-5" />
              </span>
              <h2 className="text-lg font-semibold">Enterprise</h2>
              <p className="text-sm opacity-90">
                Rolling {PRODUCT_NAME} out to a whole team? Get volume licences, deployment help for managed Windows
                fleets, your own build keys for the jot API and a named contact.
              </p>
              <Button asChild variant="secondary" className="w-fit">
                <a href={`mailto:${SALES_EMAIL_DISPLAY}?subject=${encodeURIComponent(`${PRODUCT_NAME} for our team`)}`}>
                  Talk to sales
                </a>
              </Button>
            </div>
          </>
        }
      >
        <ContactForm unsent={actionData} />
      </FormWithAside>
    </>
  );
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-2xl border bg-card p-5 shadow-xs">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary [&_svg]:size-5"
      >
        {icon}
      </span>
      <div className="flex flex-col gap-1 text-sm text-muted-foreground">
        <h2 className="text-base font-semibold text-foreground">{title}</h2>
        <div>{children}</div>
      </div>
    </div>
  );
}

/** A form too large to read (413) keeps the site frame around its notice. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
