import { AlertTriangleIcon, BellRingIcon, Loader2Icon, MailCheckIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { PRO_WAITLIST_SOURCE } from '../../../../shared/constants';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/utils';
import { joinProWaitlist } from '../api/join-pro-waitlist';
import type { LEAD_FORM_FIELDS } from '../form-fields';
import type { UnsentForm } from '../unsent-form';
import { Honeypot } from './honeypot';
import { useFormCaptcha } from './use-form-captcha';
import { useUnsentForm } from './use-unsent-form';

type Status = 'idle' | 'processing' | 'success' | 'failure';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
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
 * lead form's states (idle, processing, success, failure), invisible captcha and honeypot. The input is uncontrolled
 * (as the lead form's): what a visitor types before hydration stays in the field and is what is sent.
 */
export function ProWaitlistForm({ action, unsent, className }: ProWaitlistFormProps) {
  const id = useId();
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  const { initialValues, setInitialValues, notice, dismissNotice } = useUnsentForm(unsent, EMPTY);
  const captcha = useFormCaptcha();
  const emailRef = useRef<HTMLInputElement>(null);
  // The form is replaced by the outcome: focus follows it (as in the lead form), so it is not lost to the page.
  const resultRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (status === 'success' || status === 'failure') resultRef.current?.focus();
  }, [status]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'processing') return;
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const website = String(data.get('website') ?? '');
    setInitialValues({ email });
    dismissNotice();
    if (!EMAIL.test(email)) {
      setError('Valid email is required');
      emailRef.current?.focus();
      return;
    }
    setError(null);
    setStatus('processing');
    const payload = await captcha.waitForPayload();
    if (!payload) {
      setStatus('failure');
      return;
    }
    try {
      await joinProWaitlist({ email, captcha: payload, website: website || undefined });
      setStatus('success');
    } catch {
      setStatus('failure');
    } finally {
      captcha.reset();
    }
  }

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
          <Button variant="outline" onClick={() => setStatus('idle')}>
            Try again
          </Button>
        </div>
      ) : (
        <form method="post" action={action} noValidate onSubmit={handleSubmit} aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
          <p id={`${id}-title`} className="flex items-center gap-2 font-semibold">
            <BellRingIcon aria-hidden="true" className="size-5 text-primary" /> Get notified when Pro launches
          </p>
          {notice}
          <input type="hidden" name="source" value={PRO_WAITLIST_SOURCE} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex flex-1 flex-col gap-1">
              <Label htmlFor={`${id}-email`} className="sr-only">
                Email
              </Label>
              <Input
                ref={emailRef}
                id={`${id}-email`}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="you@example.com"
                defaultValue={initialValues.email}
                onChange={() => error && setError(null)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-email-error` : undefined}
                className="h-11"
              />
              {error && (
                <p id={`${id}-email-error`} className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
            <Honeypot />
            <Button type="submit" size="lg" disabled={status === 'processing'} className="h-11">
              {status === 'processing' ? (
                <>
                  <Loader2Icon aria-hidden="true" className="motion-safe:animate-spin" /> Sending…
                </>
              ) : (
                'Notify me'
              )}
            </Button>
          </div>
          <div className="flex flex-col gap-1">
            {captcha.element}
            <p className="text-xs text-muted-foreground">One e-mail when Pro launches, plus occasional product news; unsubscribe anytime.</p>
          </div>
        </form>
      )}
    </div>
  );
}
