import { zodResolver } from '@hookform/resolvers/zod';
import { HeartHandshakeIcon, Loader2Icon, SendIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '~/lib/toast';
import { type FeedbackForm as FeedbackValues, FeedbackFormSchema } from '../../../../shared/schemas/feedback';
import { Button } from '~/components/ui/button';
import { FormField, TextAreaField } from './form-field';
import { Honeypot } from './honeypot';
import { ResultPanel } from './result-panel';
import { useFormCaptcha } from './use-form-captcha';
import { useUnsentForm } from './use-unsent-form';
import { useSendFeedback } from '../api/send-feedback';
import type { FEEDBACK_FORM_FIELDS } from '../form-fields';
import type { UnsentForm } from '../unsent-form';

const EMPTY: FeedbackValues = { name: '', email: '', subject: '', message: '' };
const FAILED = 'Failed to send feedback. Please try again.';


/** The feedback form (spec §2 Feedback): editing, then sent ("Thank You!"), and reset to send more. */
export function FeedbackForm({ unsent }: { unsent?: UnsentForm<(typeof FEEDBACK_FORM_FIELDS)[number]> }) {
  const [isSent, setIsSent] = useState(false);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const { initialValues, clear, notice, dismissNotice } = useUnsentForm(unsent, EMPTY);
  const captcha = useFormCaptcha({ activateOnMount: true });
  const sendFeedback = useSendFeedback();
  const form = useForm<FeedbackValues>({ resolver: zodResolver(FeedbackFormSchema), defaultValues: initialValues });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: FeedbackValues) {
    const payload = await captcha.waitForPayload();
    if (!payload) {
      toast.error(FAILED);
      return;
    }
    try {
      await sendFeedback.mutateAsync({ ...values, captcha: payload, website: honeypotRef.current?.value || undefined });
      toast.success('Feedback Sent!', { description: "Thank you for your feedback. We'll get back to you soon!" });
      form.reset(EMPTY);
      clear();
      setIsSent(true);
    } catch {
      toast.error(FAILED);
    } finally {
      captcha.reset();
    }
  }

  if (isSent) {
    return (
      <ResultPanel
        icon={<HeartHandshakeIcon />}
        title="Thank You!"
        action={
          <Button variant="outline" onClick={() => setIsSent(false)}>
            Send More Feedback
          </Button>
        }
      >
        Your feedback reached the team. We read every message and usually reply within 24 hours on business days.
      </ResultPanel>
    );
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
      aria-label="Feedback"
    >
      {notice}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Name"
          autoComplete="name"
          placeholder="Your name"
          defaultValue={initialValues.name}
          registration={form.register('name')}
          error={errors.name}
        />
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={initialValues.email}
          registration={form.register('email')}
          error={errors.email}
        />
      </div>
      <FormField
        label="Subject"
        placeholder="What is it about?"
        defaultValue={initialValues.subject}
        registration={form.register('subject')}
        error={errors.subject}
      />
      <TextAreaField
        label="Message"
        placeholder="What works, what doesn't, what you wish JotIt did…"
        defaultValue={initialValues.message}
        registration={form.register('message')}
        error={errors.message}
      />
      <Honeypot ref={honeypotRef} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {captcha.element}
        <Button type="submit" size="lg" disabled={isSubmitting} className="sm:min-w-44">
          {isSubmitting ? <Loader2Icon aria-hidden="true" className="motion-safe:animate-spin" /> : <SendIcon aria-hidden="true" />}
          {isSubmitting ? 'Sending…' : 'Send Feedback'}
        </Button>
      </div>
    </form>
  );
}
