import { AlertTriangleIcon, BellRingIcon, MailCheckIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { PRO_WAITLIST_SOURCE } from '../../../../shared/constants';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/utils';
import { joinProWaitlist } from '../api/join-pro-waitlist';
import type { LEAD_FORM_FIELDS } from '../form-fields';
import type { UnsentForm } from '../unsent-form';
import { EmailSubscribeFields } from './email-subscribe-fields';
import { useSubscribeForm, validateEmail } from './use-subscribe-form';

const EMPTY = { email: '' };

export interface ProWaitlistFormProps {
  /** Where the browser posts the form without JavaScript (the home page's action, which stores nothing). */
  action: string;
  /** The form as it was posted without JavaScript: shown again with the typed e-mail, and why it was not sent. */
  unsent?: UnsentForm<(typeof LEAD_FORM_FIELDS)[number]>;
  className?: string;
}

/**
 * The Pro section's "get notified" (issue 27 §3): an e-mail, stored as a lead with source `pro-waitlist`, with the
 * lead form's states (idle, processing, success, failure), invisible captcha and honeypot (use-subscribe-form.tsx).
 */
export function ProWaitlistForm({ action, unsent, className }: ProWaitlistFormProps) {
  const id = useId();
  const form = useSubscribeForm({
    unsent,
    empty: EMPTY,
    validate: validateEmail,
    send: async ({ email }, captcha, website) => {
      await joinProWaitlist({ email, captcha, website });
    },
  });
  const { status, captcha } = form;
  // The form is replaced by the outcome: focus follows it (as in the lead form), so it is not lost to the page.
  const resultRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (status === 'success' || status === 'failure') resultRef.current?.focus();
  }, [status]);

  return (
    <div
      onPointerEnter={captcha.activate}
      onFocus={captcha.activate}
      className={cn('mx-auto w-full max-w-xl rounded-2xl border bg-card p-6 shadow-xs sm:p-8', className)}
    >
      {status === 'success' ? (
        <p ref={resultRef} tabIndex={-1} role="status" className="flex items-center justify-center gap-2 text-center font-medium text-success outline-none">
          <MailCheckIcon aria-hidden="true" className="size-5 shrink-0" /> Almost there: open the e-mail we just sent and confirm your address, and we will tell you when Pro launches.
        </p>
      ) : status === 'failure' ? (
        <div role="alert" className="flex flex-col items-center gap-3 text-center">
          <p ref={resultRef} tabIndex={-1} className="flex items-center gap-2 font-medium text-warning outline-none">
            <AlertTriangleIcon aria-hidden="true" className="size-5 shrink-0" /> Having Trouble? We could not add you to the list.
          </p>
          <Button variant="outline" onClick={() => form.retry()}>
            Try again
          </Button>
        </div>
      ) : (
        <form method="post" action={action} noValidate onSubmit={form.handleSubmit} aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
          <p id={`${id}-title`} className="flex items-center gap-2 font-semibold">
            <BellRingIcon aria-hidden="true" className="size-5 text-primary" /> Get notified when Pro launches
          </p>
          {form.notice}
          <input type="hidden" name="source" value={PRO_WAITLIST_SOURCE} />
          <EmailSubscribeFields
            id={id}
            initialEmail={form.initialValues.email}
            error={form.errors.email}
            onEdit={() => form.clearError('email')}
            isBusy={status === 'processing'}
            submitLabel="Notify me"
            busyLabel="Sending…"
          />
          <div className="flex flex-col gap-1">
            {captcha.element}
            <p className="text-xs text-muted-foreground">One e-mail when Pro launches, plus occasional product news; unsubscribe anytime.</p>
          </div>
        </form>
      )}
    </div>
  );
}
