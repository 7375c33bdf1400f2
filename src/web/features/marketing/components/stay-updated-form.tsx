import { AlertTriangleIcon, Loader2Icon, MailCheckIcon } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { apiRequest } from '~/lib/api-client';
import { cn } from '~/lib/utils';
import { STAY_UPDATED_CONSENT_TEXT } from '../../../../shared/consent';
import { Honeypot } from './honeypot';
import { useFormCaptcha } from './use-form-captcha';
import { useUnsentForm } from './use-unsent-form';
import type { UnsentForm } from '../unsent-form';

type Status = 'idle' | 'processing' | 'success' | 'failure';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The box's anchor: a post without JavaScript comes back to it rather than to the top of the page. */
const SECTION_ID = 'stay-updated';

const EMPTY = { email: '' };

export interface StayUpdatedFormProps {
  /** The page the box is on (its route's action): where the browser posts the form without JavaScript. */
  action: string;
  /** The form as it was posted without JavaScript: shown again with the typed e-mail, and why it was not sent. */
  unsent?: UnsentForm<'email'>;
  className?: string;
}

/**
 * The blog's 'Stay Updated' box (spec §2): e-mail + Subscribe, stored as a lead with source `blog-subscribe`
 * (`POST /api/blog-subscribe`), with the lead form's states (idle, processing, success, failure), captcha and honeypot.
 */
export function StayUpdatedForm({ action, unsent, className }: StayUpdatedFormProps) {
  const id = useId();
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  // The input is uncontrolled (as the lead form's): what a visitor types before hydration stays in the field.
  const { initialValues, setInitialValues, notice, dismissNotice } = useUnsentForm(unsent, EMPTY);
  const captcha = useFormCaptcha();
  const emailRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'processing') return;
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const website = String(data.get('website') ?? '');
    // 'Try again' brings the form back as it was tried, not as it was posted without JavaScript.
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
      await apiRequest('/api/blog-subscribe', { method: 'POST', body: { email, captcha: payload, website: website || undefined }, anonymous: true });
      setStatus('success');
    } catch {
      setStatus('failure');
    } finally {
      captcha.reset();
    }
  }

  return (
    <section
      id={SECTION_ID}
      aria-labelledby={`${id}-title`}
      onPointerEnter={captcha.activate}
      onFocus={captcha.activate}
      className={cn('scroll-mt-20 rounded-2xl border bg-gradient-to-br from-primary/5 via-background to-accent/40 p-6 sm:p-8', className)}
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight">
        Stay Updated
      </h2>
      {status === 'success' ? (
        <p role="status" className="mt-3 flex items-center gap-2 text-success">
          <MailCheckIcon aria-hidden="true" className="size-5" /> Thanks for subscribing! Please open the e-mail we just sent and confirm your address.
        </p>
      ) : status === 'failure' ? (
        <div role="alert" className="mt-3 flex flex-col items-start gap-3">
          <p className="flex items-center gap-2 text-warning">
            <AlertTriangleIcon aria-hidden="true" className="size-5" /> Having Trouble? We could not subscribe you. Please try again.
          </p>
          <Button variant="outline" onClick={() => setStatus('idle')}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-1 text-muted-foreground">Get the latest articles on security, engineering and development in your inbox.</p>
          <p className="mt-1 text-xs text-muted-foreground">{STAY_UPDATED_CONSENT_TEXT}</p>
          {/* Without JavaScript the browser posts to the page itself, whose action stores nothing (../unsent-form.ts). */}
          <form method="post" action={`${action}#${SECTION_ID}`} noValidate onSubmit={handleSubmit} className="mt-4 flex flex-col gap-3">
            {notice}
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
                    <Loader2Icon aria-hidden="true" className="motion-safe:animate-spin" /> Subscribing…
                  </>
                ) : (
                  'Subscribe'
                )}
              </Button>
            </div>
          </form>
          <div className="mt-2">{captcha.element}</div>
        </>
      )}
    </section>
  );
}
