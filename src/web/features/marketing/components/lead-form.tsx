import { AlertTriangleIcon, ArrowRightIcon, Loader2Icon, MailCheckIcon } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Honeypot } from './honeypot';
import { useFormCaptcha } from './use-form-captcha';
import { cn } from '~/lib/utils';
import { readAttribution, rememberAttribution } from '../api/attribution';
import { createLead } from '../api/create-lead';

/** Spec §4: idle, processing, then success or failure. */
type LeadFormStatus = 'idle' | 'processing' | 'success' | 'failure';

type Field = 'firstName' | 'email';

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
  className?: string;
}

/** The download lead form (spec §2 Lead form): first name and e-mail, invisible captcha, honeypot. */
export function LeadForm({ source, title, description, submitLabel, headingLevel = 2, className }: LeadFormProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const [status, setStatus] = useState<LeadFormStatus>('idle');
  const [values, setValues] = useState({ firstName: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [website, setWebsite] = useState('');
  const [sentTo, setSentTo] = useState('');
  const captcha = useFormCaptcha();
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const firstNameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

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

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'processing') return;
    let schema;
    try {
      schema = await loadSchema();
    } catch {
      setStatus('failure');
      return;
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      (next.firstName ? firstNameRef : emailRef).current?.focus();
      return;
    }
    setErrors({});
    setStatus('processing');
    const payload = await captcha.waitForPayload();
    if (!payload) {
      setStatus('failure');
      return;
    }
    try {
      await createLead({ ...parsed.data, source, captcha: payload, website: website || undefined, ...readAttribution() });
      setSentTo(parsed.data.email);
      setStatus('success');
    } catch {
      setStatus('failure');
    } finally {
      captcha.reset();
    }
  }

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

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
            Your download link is on its way to <strong className="break-all text-foreground">{sentTo}</strong>. It usually
            arrives within a minute; if not, look in your spam or promotions folder.
          </p>
          <Button
            variant="link"
            onClick={() => {
              setValues({ firstName: '', email: '' });
              setStatus('idle');
            }}
          >
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
          <Button onClick={() => setStatus('idle')}>Try again</Button>
        </div>
      ) : (
        <form method="post" noValidate onSubmit={handleSubmit} onFocus={warmUp} aria-labelledby={title ? `${id}-title` : undefined}
          aria-label={title ? undefined : submitLabel} className="flex flex-col gap-4">
          {title && (
            <div className="flex flex-col gap-1">
              <Heading id={`${id}-title`} className="text-2xl font-bold tracking-tight">
                {title}
              </Heading>
              {description && <p className="text-muted-foreground text-pretty">{description}</p>}
            </div>
          )}
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-first-name`}>First name</Label>
            <Input
              ref={firstNameRef}
              id={`${id}-first-name`}
              name="firstName"
              autoComplete="given-name"
              placeholder="Ada"
              required
              value={values.firstName}
              onChange={(event) => update('firstName', event.target.value)}
              aria-invalid={errors.firstName ? true : undefined}
              aria-describedby={errors.firstName ? `${id}-first-name-error` : undefined}
              className="h-11"
            />
            {errors.firstName && (
              <p id={`${id}-first-name-error`} className="text-sm text-destructive">
                {errors.firstName}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              ref={emailRef}
              id={`${id}-email`}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="ada@example.com"
              required
              value={values.email}
              onChange={(event) => update('email', event.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${id}-email-error` : undefined}
              className="h-11"
            />
            {errors.email && (
              <p id={`${id}-email-error`} className="text-sm text-destructive">
                {errors.email}
              </p>
            )}
          </div>
          <Honeypot value={website} onChange={(event) => setWebsite(event.target.value)} />
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
            <p className="text-xs text-muted-foreground">Free for Windows. We e-mail the link; no spam, unsubscribe anytime.</p>
          </div>
        </form>
      )}
    </div>
  );
}
