import { type FormEvent, useState } from 'react';
import type { UnsentForm } from '../unsent-form';
import { useFormCaptcha } from './use-form-captcha';
import { useUnsentForm } from './use-unsent-form';

/** Spec §4: idle, processing, then success or failure. */
export type SubscribeStatus = 'idle' | 'processing' | 'success' | 'failure';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export interface SubscribeFormOptions<Field extends string> {
  /** The form as it was posted without JavaScript (../unsent-form.ts; it may hold more fields, e.g. `source`). */
  unsent: UnsentForm | undefined;
  /** The fields, empty (their names are the inputs' names). */
  empty: Record<Field, string>;
  /** The messages of the invalid fields (none: valid), or the values as they will be sent. */
  validate(values: Record<Field, string>): Promise<{ errors: FieldErrors<Field> } | { values: Record<Field, string> }>;
  /** The call, with the solved captcha and the honeypot's value (a bot fills it); throws when refused. */
  send(values: Record<Field, string>, captcha: string, website: string | undefined): Promise<void>;
}

/**
 * What the public subscribe forms (the download lead form, the Pro waitlist, the blog's Stay Updated) share: the
 * states of spec §4, the invisible captcha and honeypot, the values of a post sent without JavaScript, and the
 * submit that reads the fields as they are. The inputs are uncontrolled (the page hydrates late, decision 0007):
 * what a visitor typed into the server HTML is what is validated and sent (issue 8 §1).
 */
export function useSubscribeForm<Field extends string>({ unsent, empty, validate, send }: SubscribeFormOptions<Field>) {
  const [status, setStatus] = useState<SubscribeStatus>('idle');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [sentValues, setSentValues] = useState<Record<Field, string> | null>(null);
  const { initialValues, setInitialValues, clear, notice, dismissNotice } = useUnsentForm(unsent, empty);
  const captcha = useFormCaptcha();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'processing') return;
    // Taken before any await: the event's form is gone afterwards.
    const form = event.currentTarget;
    const data = new FormData(form);
    const typed = Object.fromEntries(Object.keys(empty).map((field) => [field, String(data.get(field) ?? '')])) as Record<Field, string>;
    const website = String(data.get('website') ?? '');
    // 'Try again' brings the form back as it was tried, not as it was posted without JavaScript.
    setInitialValues(typed);
    dismissNotice();
    let checked: Awaited<ReturnType<typeof validate>>;
    try {
      checked = await validate(typed);
    } catch {
      setStatus('failure');
      return;
    }
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = (Object.keys(empty) as Field[]).find((field) => checked.errors[field]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
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
      await send(checked.values, payload, website || undefined);
      setSentValues(checked.values);
      setStatus('success');
    } catch {
      setStatus('failure');
    } finally {
      captcha.reset();
    }
  }

  function clearError(field: Field) {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  return {
    status,
    /** Back to the form ('Try again'); `clear` also empties it ('Submit another email'). */
    retry: ({ clear: isCleared = false }: { clear?: boolean } = {}) => {
      if (isCleared) clear();
      setStatus('idle');
    },
    errors,
    clearError,
    /** A PlainField's wiring to this form: its name, what it starts with, its error, and editing clears the error. */
    field: (name: Field) => ({ name, defaultValue: initialValues[name], error: errors[name], onEdit: () => clearError(name) }),
    initialValues,
    sentValues,
    notice,
    captcha,
    handleSubmit,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail-only forms' check (the server checks again with the shared schema). */
export async function validateEmail(values: { email: string }): Promise<{ errors: FieldErrors<'email'> } | { values: { email: string } }> {
  const email = values.email.trim();
  return EMAIL.test(email) ? { values: { email } } : { errors: { email: 'Valid email is required' } };
}
