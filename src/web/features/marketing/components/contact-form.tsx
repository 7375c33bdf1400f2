import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type ContactForm as ContactValues, type ContactFormInput, ContactFormSchema } from '../../../../shared/schemas/contact';
import { Button } from '~/components/ui/button';
import { FormField, TextAreaField } from './form-field';
import { Honeypot } from './honeypot';
import { useFormCaptcha } from './use-form-captcha';
import { useSendContactMessage } from '../api/send-contact-message';

const EMPTY: ContactFormInput = { name: '', email: '', company: '', subject: '', message: '' };

/** The contact form (spec §2 Contact): on success a toast, and the form is cleared for the next message. */
export function ContactForm() {
  const [website, setWebsite] = useState('');
  const captcha = useFormCaptcha({ activateOnMount: true });
  const sendMessage = useSendContactMessage();
  const form = useForm({ resolver: zodResolver(ContactFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: ContactValues) {
    const payload = await captcha.waitForPayload();
    if (!payload) {
      toast.error('Failed to send message. Please try again.');
      return;
    }
    try {
      await sendMessage.mutateAsync({ ...values, captcha: payload, website: website || undefined });
      toast.success('Message Sent!', { description: "We'll get back to you within 24 hours." });
      form.reset(EMPTY);
    } catch {
      toast.error('Failed to send message. Please try again.');
    } finally {
      captcha.reset();
    }
  }

  return (
    <form method="post" noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-5" aria-label="Contact us">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Full Name" autoComplete="name" registration={form.register('name')} error={errors.name} />
        <FormField label="Email Address" type="email" autoComplete="email" registration={form.register('email')} error={errors.email} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Company"
          labelHint="(optional)"
          autoComplete="organization"
          registration={form.register('company')}
          error={errors.company}
        />
        <FormField label="Subject" registration={form.register('subject')} error={errors.subject} />
      </div>
      <TextAreaField label="Message" rows={6} registration={form.register('message')} error={errors.message} />
      <Honeypot value={website} onChange={(event) => setWebsite(event.target.value)} />
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
