import { Loader2Icon, SendIcon } from 'lucide-react';
import type { FormEvent, ReactNode, Ref } from 'react';
import { Button } from '~/components/ui/button';
import { Honeypot } from './honeypot';

/**
 * A form of `usePublicForm` (contact, feedback, invitation): posted without JavaScript too, checked by the shared
 * schema rather than the browser; the notice of a post sent without JavaScript, the fields, the honeypot, the
 * captcha's status and the send button, which says "Sending…" while it sends.
 */
export function PublicForm({
  of: { form, notice, captcha, honeypotRef, handleSubmit },
  label,
  submitLabel,
  children,
  footnote,
}: {
  /** What `usePublicForm` returns. */
  of: {
    form: { formState: { isSubmitting: boolean } };
    notice: ReactNode;
    captcha: { element: ReactNode };
    honeypotRef: Ref<HTMLInputElement>;
    handleSubmit(event: FormEvent<HTMLFormElement>): unknown;
  };
  /** The form's accessible name ("Contact us"). */
  label: string;
  /** The button's text ("Send Message"). */
  submitLabel: string;
  children: ReactNode;
  /** Small print under the button. */
  footnote?: ReactNode;
}) {
  const { isSubmitting } = form.formState;
  return (
    <form method="post" noValidate onSubmit={handleSubmit} className="flex flex-col gap-5" aria-label={label}>
      {notice}
      {children}
      <Honeypot ref={honeypotRef} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {captcha.element}
        <Button type="submit" size="lg" disabled={isSubmitting} className="sm:min-w-44">
          {isSubmitting ? (
            <Loader2Icon aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <SendIcon aria-hidden="true" />
          )}
          {isSubmitting ? 'Sending…' : submitLabel}
        </Button>
      </div>
      {footnote && <p className="text-xs text-muted-foreground">{footnote}</p>}
    </form>
  );
}
