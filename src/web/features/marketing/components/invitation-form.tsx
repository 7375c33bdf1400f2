import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon, MailCheckIcon, SendIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '~/lib/toast';
import { type InvitationForm as InvitationValues, type InvitationFormInput, InvitationFormSchema } from '../../../../shared/schemas/invitations';
import { Button } from '~/components/ui/button';
import { FormField, TextAreaField } from './form-field';
import { Honeypot } from './honeypot';
import { ResultPanel } from './result-panel';
import { useFormCaptcha } from './use-form-captcha';
import { useUnsentForm } from './use-unsent-form';
import { ApiError } from '~/lib/api-client';
import { useSendInvitation } from '../api/send-invitation';
import type { INVITATION_FORM_FIELDS } from '../form-fields';
import type { UnsentForm } from '../unsent-form';

const EMPTY = { senderName: '', senderEmail: '', recipientName: '', recipientEmail: '', personalMessage: '' } satisfies InvitationFormInput;
const FAILED = 'Failed to send invitation. Please try again.';


/** The invitation form (spec §2 Share It): sent ("Invitation Sent!"), then reset to send another. */
export function InvitationForm({ unsent }: { unsent?: UnsentForm<(typeof INVITATION_FORM_FIELDS)[number]> }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const { initialValues, clear, notice, dismissNotice } = useUnsentForm(unsent, EMPTY);
  const captcha = useFormCaptcha({ activateOnMount: true });
  const sendInvitation = useSendInvitation();
  const form = useForm({ resolver: zodResolver(InvitationFormSchema), defaultValues: initialValues });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: InvitationValues) {
    const payload = await captcha.waitForPayload();
    if (!payload) {
      toast.error(FAILED);
      return;
    }
    try {
      await sendInvitation.mutateAsync({ ...values, captcha: payload, website: honeypotRef.current?.value || undefined });
      setSentTo(values.recipientName);
      form.reset(EMPTY);
      clear();
    } catch (error) {
      // The per-recipient limit says why in words worth showing; anything else gets the spec's text.
      const reason = error instanceof ApiError && error.status === 429 ? error.message : undefined;
      toast.error(FAILED, reason ? { description: reason } : undefined);
    } finally {
      captcha.reset();
    }
  }

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
        {sentTo} will get an e-mail from us in a minute with your note and a link to download JotIt. Thanks for spreading
        the word!
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
      aria-label="Invite a friend"
    >
      {notice}
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-muted-foreground">From you</legend>
        <FormField
          label="Your name"
          autoComplete="name"
          defaultValue={initialValues.senderName}
          registration={form.register('senderName')}
          error={errors.senderName}
        />
        <FormField
          label="Your email"
          type="email"
          autoComplete="email"
          defaultValue={initialValues.senderEmail}
          registration={form.register('senderEmail')}
          error={errors.senderEmail}
        />
      </fieldset>
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-muted-foreground">To your friend</legend>
        <FormField
          label="Friend's name"
          autoComplete="off"
          defaultValue={initialValues.recipientName}
          registration={form.register('recipientName')}
          error={errors.recipientName}
        />
        <FormField
          label="Friend's email"
          type="email"
          autoComplete="off"
          defaultValue={initialValues.recipientEmail}
          registration={form.register('recipientEmail')}
          error={errors.recipientEmail}
        />
      </fieldset>
      <TextAreaField
        label="Personal message"
        labelHint="(optional)"
        rows={4}
        placeholder="I use this to catch ideas before they vanish. Thought you'd like it!"
        defaultValue={initialValues.personalMessage}
        registration={form.register('personalMessage')}
        error={errors.personalMessage}
      />
      <Honeypot ref={honeypotRef} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {captcha.element}
        <Button type="submit" size="lg" disabled={isSubmitting} className="sm:min-w-44">
          {isSubmitting ? <Loader2Icon aria-hidden="true" className="motion-safe:animate-spin" /> : <SendIcon aria-hidden="true" />}
          {isSubmitting ? 'Sending…' : 'Send Invitation'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        We send one e-mail to your friend from our address, say that we could not check yours, and do not add them to any list. An address can receive one invitation a week, and can ask for no more.
      </p>
    </form>
  );
}
