import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '~/lib/toast';
import { type ContactFormInput, ContactFormSchema } from '../../../../shared/schemas/contact';
import { FormField, TextAreaField } from './form-field';
import { PublicForm } from './public-form';
import { usePublicForm } from './use-public-form';
import { useSendContactMessage } from '../api/send-contact-message';
import type { CONTACT_FORM_FIELDS } from '../form-fields';
import type { UnsentForm } from '../unsent-form';

const EMPTY = { name: '', email: '', company: '', subject: '', message: '' } satisfies ContactFormInput;

/** The contact form (spec §2 Contact): on success a toast, and the form is cleared for the next message. */
export function ContactForm({ unsent }: { unsent?: UnsentForm<(typeof CONTACT_FORM_FIELDS)[number]> }) {
  const sendMessage = useSendContactMessage();
  const publicForm = usePublicForm({
    unsent,
    empty: EMPTY,
    resolver: zodResolver(ContactFormSchema),
    send: sendMessage.mutateAsync,
    onSent: () => toast.success('Message Sent!', { description: "We'll get back to you within 24 hours." }),
    failedText: 'Failed to send message. Please try again.',
  });
  const { field } = publicForm;

  return (
    <PublicForm of={publicForm} label="Contact us" submitLabel="Send Message">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Full Name" autoComplete="name" {...field('name')} />
        <FormField label="Email Address" type="email" autoComplete="email" {...field('email')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Company" labelHint="(optional)" autoComplete="organization" {...field('company')} />
        <FormField label="Subject" {...field('subject')} />
      </div>
      <TextAreaField label="Message" rows={6} {...field('message')} />
    </PublicForm>
  );
}
