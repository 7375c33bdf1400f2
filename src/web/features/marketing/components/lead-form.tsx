import { AlertTriangleIcon, ArrowRightIcon, Loader2Icon, MailCheckIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useRef } from 'react';
import { Button } from '~/components/ui/button';
import { LEAD_FORM_CONSENT_TEXT } from '../../../../shared/consent';
import { Honeypot } from './honeypot';
import { PlainField } from './plain-field';
import { type FieldErrors, useSubscribeForm } from './use-subscribe-form';
import { cn } from '~/lib/utils';
import { readAttribution, rememberAttribution } from '../api/attribution';
import { createLead } from '../api/create-lead';
import type { LEAD_FORM_FIELDS } from '../form-fields';
import type { UnsentForm } from '../unsent-form';

type Field = 'firstName' | 'email';
type LeadFormValues = Record<Field, string>;

export type UnsentLeadForm = UnsentForm<(typeof LEAD_FORM_FIELDS)[number]>;

const EMPTY: LeadFormValues = { firstName: '', email: '' };

// The schema (and zod with it) loads on first interaction, not with the home page: the first JavaScript stays small.
const loadSchema = () => import('../../../../shared/schemas/leads').then((module) => module.LeadFormSchema);

export interface LeadFormProps {
  /** Where the form sits, stored with the lead (spec: homepage-hero, homepage-cta). */
  source: string;
  title?: string;
  description?: string;
  submitLabel: string;
  /** Level of the title and of the success/failure headings, to fit the page's outline. */
  headingLevel?: 2 | 3;
  /** Where the browser posts the form when it is sent without JavaScript (the page's action). */
  action: string;
  /** This form as it was posted without JavaScript: shown again with what was typed, and why it was not sent. */
  unsent?: UnsentLeadForm;
  className?: string;
}

/** The download lead form (spec §2 Lead form): first name and e-mail, invisible captcha, honeypot. */
export function LeadForm({ source, title, description, submitLabel, headingLevel = 2, action, unsent, className }: LeadFormProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  /*
   * The inputs are uncontrolled: the page hydrates late (decision 0007), and a visitor may type into the server
   * HTML before React runs. Controlled inputs would hold '' in state while the fields show text, and the next
   * render would wipe it. So the fields keep what is typed, and a submit reads them (issue 8 §1).
   */
  const form = useSubscribeForm({
    unsent,
    empty: EMPTY,
    validate: async (values) => {
      const parsed = (await loadSchema()).safeParse(values);
      if (parsed.success) return { values: parsed.data };
      const errors: FieldErrors<Field> = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
      return { errors };
    },
    send: async (values, captcha, website) => {
      await createLead({ ...values, source, captcha, website, ...readAttribution() });
    },
  });
  const { status, captcha } = form;
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const { activate } = captcha;
  // The captcha and the schema load on the first sign of interest (pointer, touch, focus), not with the page:
  // visitors who only read cost no challenge and no proof-of-work, and the first JavaScript stays small.
  const warmUp = useCallback(() => {
    activate();
    void loadSchema().catch(() => {});
  }, [activate]);

  useEffect(rememberAttribution, []);

  // Move focus to the outcome, so screen-reader and keyboard users land on what changed.
  useEffect(() => {
    if (status === 'success' || status === 'failure') resultHeading.current?.focus();
  }, [status]);

  const isBusy = status === 'processing';
  return (
    <div
      onPointerEnter={warmUp}
      onTouchStart={warmUp}
      className={cn('rounded-2xl border bg-card p-6 text-card-foreground shadow-xl shadow-primary/5 sm:p-8', className)}
    >
      {status === 'success' ? (
        <div className="flex flex-col items-center gap-3 py-4 text-center" role="status">
          <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-success/10 text-success">
            <MailCheckIcon className="size-7" />
          </span>
          <Heading ref={resultHeading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
            Check Your Email!
          </Heading>
          <p className="text-muted-foreground text-pretty">
            Your download link is on its way to <strong className="break-all text-foreground">{form.sentValues?.email}</strong>. It usually
            arrives within a minute; if not, look in your spam or promotions folder.
          </p>
          <Button variant="link" onClick={() => form.retry({ clear: true })}>
            Submit another email
          </Button>
        </div>
      ) : status === 'failure' ? (
        <div className="flex flex-col items-center gap-3 py-4 text-center" role="alert">
          <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-warning/10 text-warning">
            <AlertTriangleIcon className="size-7" />
          </span>
          <Heading ref={resultHeading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
            Having Trouble?
          </Heading>
          <p className="text-muted-foreground text-pretty">
            We could not send your request. Some mobile browsers block form submissions; try again, or open this page in
            another browser.
          </p>
          <Button onClick={() => form.retry()}>Try again</Button>
        </div>
      ) : (
        <form
          method="post"
          action={action}
          noValidate
          onSubmit={form.handleSubmit}
          onFocus={warmUp}
          aria-labelledby={title ? `${id}-title` : undefined}
          aria-label={title ? undefined : submitLabel}
          className="flex flex-col gap-4"
        >
          {title && (
            <div className="flex flex-col gap-1">
              <Heading id={`${id}-title`} className="text-2xl font-bold tracking-tight">
                {title}
              </Heading>
              {description && <p className="text-muted-foreground text-pretty">{description}</p>}
            </div>
          )}
          {form.notice}
          <input type="hidden" name="source" value={source} />
          <PlainField
            id={`${id}-first-name`}
            label="First name"
            autoComplete="given-name"
            placeholder="Ada"
            required
            {...form.field('firstName')}
          />
          <PlainField
            id={`${id}-email`}
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="ada@example.com"
            required
            {...form.field('email')}
          />
          <Honeypot />
          <Button type="submit" size="lg" disabled={isBusy} className="h-12 w-full text-base">
            {isBusy ? (
              <>
                <Loader2Icon aria-hidden="true" className="motion-safe:animate-spin" /> Sending…
              </>
            ) : (
              <>
                {submitLabel} <ArrowRightIcon aria-hidden="true" />
              </>
            )}
          </Button>
          <div className="flex flex-col gap-1">
            {captcha.element}
            <p className="text-xs text-muted-foreground">{LEAD_FORM_CONSENT_TEXT}</p>
          </div>
        </form>
      )}
    </div>
  );
}
