import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { type InvitationFormInput, InvitationFormSchema } from '../../../../shared/schemas/invitations';
import { Button } from '~/components/ui/button';
import { FormField, TextAreaField } from './form-field';
import { PublicForm } from './public-form';
import { ResultPanel } from './result-panel';
import { usePublicForm } from './use-public-form';
import { ApiError } from '~/lib/api-client';
import { useSendInvitation } from '../api/send-invitation';
import type { INVITATION_FORM_FIELDS } from '../form-fields';
import type { UnsentForm } from '../unsent-form';

const EMPTY = {
  senderName: '',
  senderEmail: '',
  recipientName: '',
  recipientEmail: '',
  personalMessage: '',
} satisfies InvitationFormInput;

const FOOTNOTE =
  'We send one e-mail to your friend from our address, say that we could not check yours, and do not add them to ' +
  'any list. An address can receive one invitation a week, and can ask for no more.';

/** The invitation form (spec §2 Share It): sent ("Invitation Sent!"), then reset to send another. */
export function InvitationForm({ unsent }: { unsent?: UnsentForm<(typeof INVITATION_FORM_FIELDS)[number]> }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sendInvitation = useSendInvitation();
  const publicForm = usePublicForm({
    unsent,
    empty: EMPTY,
    resolver: zodResolver(InvitationFormSchema),
    send: sendInvitation.mutateAsync,
    onSent: (values) => setSentTo(values.recipientName),
    failedText: 'Failed to send invitation. Please try again.',
    // The per-recipient limit says why in words worth showing; anything else gets the spec's text alone.
    failureReason: (error) => (error instanceof ApiError && error.status === 429 ? error.message : undefined),
  });
  const { field } = publicForm;

  if (sentTo !== null) {
    return (
      <ResultPanel
        icon={<MailCheckIcon />}
        title="Invitation Sent!"
        action={
          <Button variant="outline" onClick={() => setSentTo(null)}>
            Send Another Invitation
          </Button>
        }
      >
        {sentTo} will get an e-mail from us in a minute with your note and a link to download JotIt. Thanks for
        spreading the word!
      </ResultPanel>
    );
  }

  return (
    <PublicForm of={publicForm} label="Invite a friend" submitLabel="Send Invitation" footnote={FOOTNOTE}>
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-muted-foreground">From you</legend>
        <FormField label="Your name" autoComplete="name" {...field('senderName')} />
        <FormField label="Your email" type="email" autoComplete="email" {...field('senderEmail')} />
      </fieldset>
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-muted-foreground">To your friend</legend>
        <FormField label="Friend's name" autoComplete="off" {...field('recipientName')} />
        <FormField label="Friend's email" type="email" autoComplete="off" {...field('recipientEmail')} />
      </fieldset>
      <TextAreaField
        label="Personal message"
        labelHint="(optional)"
        rows={4}
        placeholder="I use this to catch ideas before they vanish. Thought you'd like it!"
        {...field('personalMessage')}
      />
    </PublicForm>
  );
}
