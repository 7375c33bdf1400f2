import { ShieldAlertIcon } from 'lucide-react';

/**
 * Shown in a form the browser posted without JavaScript (see ../unsent-form.ts): nothing was sent, why, and
 * another way to reach us.
 */
export function UnsentFormNotice({ supportEmail }: { supportEmail: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4 text-sm text-foreground">
      <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">Not sent: our spam check needs JavaScript.</p>
        <p className="text-pretty">
          Turn JavaScript on (or let the page finish loading) and send the form again; what you typed is still here. Or
          e-mail us at{' '}
          <a href={`mailto:${supportEmail}`} className="font-medium wrap-break-word text-primary underline underline-offset-4">
            {supportEmail}
          </a>
          .
        </p>
      </div>
    </div>
  );
}
