import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon, SendIcon } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '~/lib/toast';
import { type ContactForm as ContactValues, type ContactFormInput, ContactFormSchema } from '../../../../shared/schemas/contact';
import { Button } from '~/components/ui/button';
import { FormField, TextAreaField } from './form-field';
import { Honeypot } from './honeypot';
import { useFormCaptcha } from './use-form-captcha';
import { useUnsentForm } from './use-unsent-form';
import { useSendContactMessage } from '../api/send-contact-message';
import type { CONTACT_FORM_FIELDS } from '../form-fields';
import type { UnsentForm } from '../unsent-form';

const EMPTY = { name: '', email: '', company: '', subject: '', message: '' } satisfies ContactFormInput;


/** The contact form (spec §2 Contact): on success a toast, and the form is cleared for the next message. */
export function ContactForm({ unsent }: { unsent?: UnsentForm<(typeof CONTACT_FORM_FIELDS)[number]> }) {
  const honeypotRef = useRef<HTMLInputElement>(null);
  const { initialValues, clear, notice, dismissNotice } = useUnsentForm(unsent, EMPTY);
  const captcha = useFormCaptcha({ activateOnMount: true });
  const sendMessage = useSendContactMessage();
  const form = useForm({ resolver: zodResolver(ContactFormSchema), defaultValues: initialValues });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: ContactValues) {
    const payload = await captcha.waitForPayload();
    if (!payload) {
      toast.error('Failed to send message. Please try again.');
      return;
    }
    try {
      await sendMessage.mutateAsync({ ...values, captcha: payload, website: honeypotRef.current?.value || undefined });
      toast.success('Message Sent!', { description: "We'll get back to you within 24 hours." });
      form.reset(EMPTY);
      clear();
    } catch {
      toast.error('Failed to send message. Please try again.');
    } finally {
      captcha.reset();
    }
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => {
        dismissNotice();
        return form.handleSubmit(onSubmit)(event);
      }}
      className="flex flex-col gap-5"
      aria-label="Contact us"
    >
      {notice}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Full Name"
          autoComplete="name"
          defaultValue={initialValues.name}
          registration={form.register('name')}
          error={errors.name}
        />
        <FormField
          label="Email Address"
          type="email"
          autoComplete="email"
          defaultValue={initialValues.email}
          registration={form.register('email')}
          error={errors.email}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Company"
          labelHint="(optional)"
          autoComplete="organization"
          defaultValue={initialValues.company}
          registration={form.register('company')}
          error={errors.company}
        />
        <FormField label="Subject" defaultValue={initialValues.subject} registration={form.register('subject')} error={errors.subject} />
      </div>
      <TextAreaField
        label="Message"
        rows={6}
        defaultValue={initialValues.message}
        registration={form.register('message')}
        error={errors.message}
      />
      <Honeypot ref={honeypotRef} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {captcha.element}
        <Button type="submit" size="lg" disabled={isSubmitting} className="sm:min-w-44">
          {isSubmitting ? <Loader2Icon aria-hidden="true" className="motion-safe:animate-spin" /> : <SendIcon aria-hidden="true" />}
          {isSubmitting ? 'Sending…' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
