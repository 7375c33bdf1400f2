import { type FormEvent, useRef } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { toast } from '~/lib/toast';
import type { UnsentForm } from '../unsent-form';
import { useFormCaptcha } from './use-form-captcha';
import { useUnsentForm } from './use-unsent-form';

export interface PublicFormOptions<
  Input extends FieldValues,
  Values extends FieldValues,
  Empty extends Record<string, string>,
> {
  /** The form as it was posted without JavaScript (../unsent-form.ts). */
  unsent: UnsentForm | undefined;
  /** The fields, empty: what the form starts from and is reset to after a send. */
  empty: Empty & DefaultValues<Input>;
  /** `zodResolver(<the shared schema>)`: the server checks the same schema again. */
  resolver: Resolver<Input, unknown, Values>;
  /** The call, with the solved captcha and the honeypot's value (a bot fills it); throws when refused. */
  send(body: Values & { captcha: string; website: string | undefined }): Promise<unknown>;
  /** After a send, once the form is empty again: the success toast, or the form's "sent" panel. */
  onSent(values: Values): void;
  /** The spec's failure text, shown as a toast when the captcha or the send fails. */
  failedText: string;
  /** Words worth showing under the failure toast for some refusals (none by default). */
  failureReason?(error: unknown): string | undefined;
}

/**
 * What the public forms that send a message (contact, feedback, invitation) share, inside their frame `PublicForm`:
 * react-hook-form over the shared schema, the values of a post sent without JavaScript and its notice, the invisible captcha and the honeypot, and
 * the submit — captcha, send, then the form emptied (a failure keeps what was typed) — with a toast on failure.
 * The subscribe forms, with their states of spec §4, share `useSubscribeForm` instead.
 */
export function usePublicForm<
  Input extends FieldValues,
  Values extends FieldValues,
  Empty extends Record<string, string>,
>({
  unsent,
  empty,
  resolver,
  send,
  onSent,
  failedText,
  failureReason = () => undefined,
}: PublicFormOptions<Input, Values, Empty>) {
  const honeypotRef = useRef<HTMLInputElement>(null);
  const { initialValues, clear, notice, dismissNotice } = useUnsentForm(unsent, empty);
  const captcha = useFormCaptcha({ activateOnMount: true });
  const form = useForm<Input, unknown, Values>({ resolver, defaultValues: initialValues });

  async function sendWithCaptcha(values: Values) {
    const payload = await captcha.waitForPayload();
    if (!payload) {
      toast.error(failedText);
      return;
    }
    try {
      await send({ ...values, captcha: payload, website: honeypotRef.current?.value || undefined });
      form.reset(empty);
      clear();
      onSent(values);
    } catch (error) {
      const reason = failureReason(error);
      toast.error(failedText, reason ? { description: reason } : undefined);
    } finally {
      // Each solution is accepted once.
      captcha.reset();
    }
  }

  return {
    form,
    /** A field's props for FormField or TextAreaField: what it starts from, its registration, its error. */
    field: (name: keyof Empty & Path<Input>) => ({
      defaultValue: initialValues[name],
      registration: form.register(name),
      error: form.formState.errors[name] as FieldError | undefined,
    }),
    notice,
    captcha,
    honeypotRef,
    handleSubmit: (event: FormEvent<HTMLFormElement>) => {
      dismissNotice();
      return form.handleSubmit(sendWithCaptcha)(event);
    },
  };
}
