import { Loader2Icon, SendIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Button } from '~/components/ui/button';
import { Honeypot } from './honeypot';

/** The end of a form of `usePublicForm`: the honeypot, the captcha's status, and the send button while it sends. */
export function PublicFormFooter({
  honeypotRef,
  captcha,
  isSubmitting,
  label,
}: {
  honeypotRef: Ref<HTMLInputElement>;
  captcha: ReactNode;
  isSubmitting: boolean;
  /** The button's text ("Send Message"). */
  label: string;
}) {
  return (
    <>
      <Honeypot ref={honeypotRef} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {captcha}
        <Button type="submit" size="lg" disabled={isSubmitting} className="sm:min-w-44">
          {isSubmitting ? (
            <Loader2Icon aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <SendIcon aria-hidden="true" />
          )}
          {isSubmitting ? 'Sending…' : label}
        </Button>
      </div>
    </>
  );
}
