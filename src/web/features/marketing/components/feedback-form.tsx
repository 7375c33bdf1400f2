import { zodResolver } from '@hookform/resolvers/zod';
import { HeartHandshakeIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '~/lib/toast';
import { type FeedbackForm as FeedbackValues, FeedbackFormSchema } from '../../../../shared/schemas/feedback';
import { Button } from '~/components/ui/button';
import { FormField, TextAreaField } from './form-field';
import { PublicForm } from './public-form';
import { ResultPanel } from './result-panel';
import { usePublicForm } from './use-public-form';
import { useSendFeedback } from '../api/send-feedback';
import type { FEEDBACK_FORM_FIELDS } from '../form-fields';
import type { UnsentForm } from '../unsent-form';

const EMPTY: FeedbackValues = { name: '', email: '', subject: '', message: '' };

/** The feedback form (spec §2 Feedback): editing, then sent ("Thank You!"), and reset to send more. */
export function FeedbackForm({ unsent }: { unsent?: UnsentForm<(typeof FEEDBACK_FORM_FIELDS)[number]> }) {
  const [isSent, setIsSent] = useState(false);
  const sendFeedback = useSendFeedback();
  const publicForm = usePublicForm({
    unsent,
    empty: EMPTY,
    resolver: zodResolver(FeedbackFormSchema),
    send: sendFeedback.mutateAsync,
    onSent: () => {
      toast.success('Feedback Sent!', { description: "Thank you for your feedback. We'll get back to you soon!" });
      setIsSent(true);
    },
    failedText: 'Failed to send feedback. Please try again.',
  });
  const { field } = publicForm;

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
    <PublicForm of={publicForm} label="Feedback" submitLabel="Send Feedback">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" autoComplete="name" placeholder="Your name" {...field('name')} />
        <FormField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...field('email')} />
      </div>
      <FormField label="Subject" placeholder="What is it about?" {...field('subject')} />
      <TextAreaField
        label="Message"
        placeholder="What works, what doesn't, what you wish JotIt did…"
        {...field('message')}
      />
    </PublicForm>
  );
}
