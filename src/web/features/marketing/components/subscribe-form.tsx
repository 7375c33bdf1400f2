/**
 * The one e-mail-only subscribe form (issue 38): the blog's Stay Updated box (spec §2) and the Pro section's "get
 * notified" (issue 27 §3) are this component with their own words, call and frame. An e-mail (its label for screen
 * readers), its error, the honeypot and the submit button on one line from `sm` up; the lead form's states (idle,
 * processing, success, failure), invisible captcha and the values of a post sent without JavaScript
 * (use-subscribe-form.tsx). When the form gives way to its outcome, focus follows it, so it is not lost to the page.
 */
import { AlertTriangleIcon, BellRingIcon, Loader2Icon, MailCheckIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { STAY_UPDATED_CONSENT_TEXT } from '../../../../shared/consent';
import { PRO_WAITLIST_SOURCE } from '../../../../shared/constants';
import { Button } from '~/components/ui/button';
import { apiRequest } from '~/lib/api-client';
import { cn } from '~/lib/utils';
import { joinProWaitlist } from '../api/join-pro-waitlist';
import type { UnsentForm } from '../unsent-form';
import { Honeypot } from './honeypot';
import { PlainField } from './plain-field';
import { useSubscribeForm, validateEmail } from './use-subscribe-form';

interface SubscribeKind {
  title: string;
  /**
   * `section`: a region of its own, titled by an h2, that a post without JavaScript comes back to (its anchor);
   * `card`: a panel inside a page section that has its heading, the form named by the title.
   */
  frame: 'section' | 'card';
  /** Above the form (the section's description and consent). */
  intro?: ReactNode;
  /** Under the captcha, inside the form. */
  note?: ReactNode;
  /** A `source` field posted with the form (a page's action tells the forms apart by it). */
  source?: string;
  submitLabel: string;
  /** The button's text while sending. */
  busyLabel: string;
  success: string;
  failure: string;
  /** The call, with the solved captcha and the honeypot's value; throws when refused. */
  send(email: string, captcha: string, website: string | undefined): Promise<void>;
}

/** The Stay Updated box's anchor: a post without JavaScript comes back to it rather than to the top of the page. */
const SECTION_ID = 'stay-updated';
const EMPTY = { email: '' };

export interface SubscribeFormProps {
  /** The page's own address (its route's action, which stores nothing): where the browser posts without JavaScript. */
  action: string;
  /** The form as it was posted without JavaScript: shown again with the typed e-mail, and why it was not sent. */
  unsent?: UnsentForm;
  className?: string;
}

function SubscribeForm({ kind, action, unsent, className }: SubscribeFormProps & { kind: SubscribeKind }) {
  const id = useId();
  const titleId = `${id}-title`;
  const form = useSubscribeForm({
    unsent,
    empty: EMPTY,
    validate: validateEmail,
    send: ({ email }, captcha, website) => kind.send(email, captcha, website),
  });
  const { status, captcha } = form;
  const isSection = kind.frame === 'section';
  const resultRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (status === 'success' || status === 'failure') resultRef.current?.focus();
  }, [status]);
  const isBusy = status === 'processing';
  const Frame = isSection ? 'section' : 'div';

  return (
    <Frame
      id={isSection ? SECTION_ID : undefined}
      aria-labelledby={isSection ? titleId : undefined}
      onPointerEnter={captcha.activate}
      onFocus={captcha.activate}
      className={cn(
        isSection
          ? 'scroll-mt-20 rounded-2xl border bg-gradient-to-br from-primary/5 via-background to-accent/40 p-6 sm:p-8'
          : 'mx-auto w-full max-w-xl rounded-2xl border bg-card p-6 shadow-xs sm:p-8',
        className,
      )}
    >
      {isSection && (
        <h2 id={titleId} className="text-2xl font-bold tracking-tight">
          {kind.title}
        </h2>
      )}
      {status === 'success' ? (
        <p
          ref={resultRef}
          tabIndex={-1}
          role="status"
          className={cn('flex items-center gap-2 text-success outline-none', isSection ? 'mt-3' : 'justify-center text-center font-medium')}
        >
          <MailCheckIcon aria-hidden="true" className="size-5 shrink-0" /> {kind.success}
        </p>
      ) : status === 'failure' ? (
        <div role="alert" className={cn('flex flex-col gap-3', isSection ? 'mt-3 items-start' : 'items-center text-center')}>
          <p ref={resultRef} tabIndex={-1} className={cn('flex items-center gap-2 text-warning outline-none', !isSection && 'font-medium')}>
            <AlertTriangleIcon aria-hidden="true" className="size-5 shrink-0" /> {kind.failure}
          </p>
          <Button variant="outline" onClick={() => form.retry()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {kind.intro}
          {/* Without JavaScript the browser posts to the page itself, whose action stores nothing (../unsent-form.ts). */}
          <form
            method="post"
            action={isSection ? `${action}#${SECTION_ID}` : action}
            noValidate
            onSubmit={form.handleSubmit}
            aria-labelledby={isSection ? undefined : titleId}
            className={cn('flex flex-col gap-3', isSection && 'mt-4')}
          >
            {!isSection && (
              <p id={titleId} className="flex items-center gap-2 font-semibold">
                <BellRingIcon aria-hidden="true" className="size-5 text-primary" /> {kind.title}
              </p>
            )}
            {form.notice}
            {kind.source && <input type="hidden" name="source" value={kind.source} />}
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <PlainField
                id={`${id}-email`}
                label="Email"
                isLabelHidden
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="you@example.com"
                {...form.field('email')}
                className="flex-1 gap-1"
              />
              <Honeypot />
              <Button type="submit" size="lg" disabled={isBusy} className="h-11">
                {isBusy ? (
                  <>
                    <Loader2Icon aria-hidden="true" className="motion-safe:animate-spin" /> {kind.busyLabel}
                  </>
                ) : (
                  kind.submitLabel
                )}
              </Button>
            </div>
            {!isSection && (
              <div className="flex flex-col gap-1">
                {captcha.element}
                {kind.note}
              </div>
            )}
          </form>
          {isSection && <div className="mt-2">{captcha.element}</div>}
        </>
      )}
    </Frame>
  );
}

const STAY_UPDATED: SubscribeKind = {
  title: 'Stay Updated',
  frame: 'section',
  intro: (
    <>
      <p className="mt-1 text-muted-foreground">Get the latest articles on security, engineering and development in your inbox.</p>
      <p className="mt-1 text-xs text-muted-foreground">{STAY_UPDATED_CONSENT_TEXT}</p>
    </>
  ),
  submitLabel: 'Subscribe',
  busyLabel: 'Subscribing…',
  success: 'Thanks for subscribing! Please open the e-mail we just sent and confirm your address.',
  failure: 'Having Trouble? We could not subscribe you. Please try again.',
  send: async (email, captcha, website) => {
    await apiRequest('/api/blog-subscribe', { method: 'POST', body: { email, captcha, website }, anonymous: true });
  },
};

const PRO_WAITLIST: SubscribeKind = {
  title: 'Get notified when Pro launches',
  frame: 'card',
  note: <p className="text-xs text-muted-foreground">One e-mail when Pro launches, plus occasional product news; unsubscribe anytime.</p>,
  source: PRO_WAITLIST_SOURCE,
  submitLabel: 'Notify me',
  busyLabel: 'Sending…',
  success: 'Almost there: open the e-mail we just sent and confirm your address, and we will tell you when Pro launches.',
  failure: 'Having Trouble? We could not add you to the list.',
  send: async (email, captcha, website) => {
    await joinProWaitlist({ email, captcha, website });
  },
};

/** The blog's 'Stay Updated' box (spec §2): stored as a lead with source `blog-subscribe` (`POST /api/blog-subscribe`). */
export function StayUpdatedForm(props: SubscribeFormProps) {
  return <SubscribeForm kind={STAY_UPDATED} {...props} />;
}

/** The Pro section's "get notified" (issue 27 §3): stored as a lead with source `pro-waitlist`. */
export function ProWaitlistForm(props: SubscribeFormProps) {
  return <SubscribeForm kind={PRO_WAITLIST} {...props} />;
}
