import { AlertTriangleIcon, MailCheckIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '~/components/ui/button';
import { apiRequest } from '~/lib/api-client';
import { cn } from '~/lib/utils';
import { STAY_UPDATED_CONSENT_TEXT } from '../../../../shared/consent';
import type { UnsentForm } from '../unsent-form';
import { EmailSubscribeFields } from './email-subscribe-fields';
import { useSubscribeForm, validateEmail } from './use-subscribe-form';

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
 * (`POST /api/blog-subscribe`), with the lead form's states (idle, processing, success, failure), captcha and
 * honeypot (use-subscribe-form.tsx).
 */
export function StayUpdatedForm({ action, unsent, className }: StayUpdatedFormProps) {
  const id = useId();
  const form = useSubscribeForm({
    unsent,
    empty: EMPTY,
    validate: validateEmail,
    send: async ({ email }, captcha, website) => {
      await apiRequest('/api/blog-subscribe', { method: 'POST', body: { email, captcha, website }, anonymous: true });
    },
  });
  const { status, captcha } = form;

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
          <Button variant="outline" onClick={() => form.retry()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-1 text-muted-foreground">Get the latest articles on security, engineering and development in your inbox.</p>
          <p className="mt-1 text-xs text-muted-foreground">{STAY_UPDATED_CONSENT_TEXT}</p>
          {/* Without JavaScript the browser posts to the page itself, whose action stores nothing (../unsent-form.ts). */}
          <form method="post" action={`${action}#${SECTION_ID}`} noValidate onSubmit={form.handleSubmit} className="mt-4 flex flex-col gap-3">
            {form.notice}
            <EmailSubscribeFields
              id={id}
              initialEmail={form.initialValues.email}
              error={form.errors.email}
              onEdit={() => form.clearError('email')}
              isBusy={status === 'processing'}
              submitLabel="Subscribe"
              busyLabel="Subscribing…"
            />
          </form>
          <div className="mt-2">{captcha.element}</div>
        </>
      )}
    </section>
  );
}
