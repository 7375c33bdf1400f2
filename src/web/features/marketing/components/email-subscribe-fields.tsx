import { Loader2Icon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Honeypot } from './honeypot';

export interface EmailSubscribeFieldsProps {
  /** The form's `useId()`: the input's id and its error's derive from it. */
  id: string;
  initialEmail: string;
  error: string | undefined;
  onEdit(): void;
  isBusy: boolean;
  submitLabel: string;
  /** The button's text while sending ('Sending…'). */
  busyLabel: string;
}

/**
 * The e-mail row of the e-mail-only subscribe forms (the Pro waitlist, the blog's Stay Updated): the address (its
 * label for screen readers), its error, the honeypot and the submit button, on one line from `sm` up.
 */
export function EmailSubscribeFields({ id, initialEmail, error, onEdit, isBusy, submitLabel, busyLabel }: EmailSubscribeFieldsProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex flex-1 flex-col gap-1">
        <Label htmlFor={`${id}-email`} className="sr-only">
          Email
        </Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={initialEmail}
          onChange={onEdit}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-email-error` : undefined}
          className="h-11"
        />
        {error && (
          <p id={`${id}-email-error`} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <Honeypot />
      <Button type="submit" size="lg" disabled={isBusy} className="h-11">
        {isBusy ? (
          <>
            <Loader2Icon aria-hidden="true" className="motion-safe:animate-spin" /> {busyLabel}
          </>
        ) : (
          submitLabel
        )}
      </Button>
    </div>
  );
}
