import { RefreshCwIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Lead } from '../../../../shared/schemas/leads';
import { useLead } from '../api/get-leads';
import { formatLeadDateTime, isSynced, leadName, leadSource } from './format';
import { SubscriptionBadge, SyncBadge } from './sync-badge';
import { useSetLeadSubscription } from '../api/lead-actions';
import { Button } from '~/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '~/components/ui/sheet';
import { Skeleton } from '~/components/ui/skeleton';
import { serverErrorText } from '~/lib/api-client';

/**
 * The detail drawer of one lead: attribution (UTM fields, referrer), where the request came from (IP, country,
 * user agent) and Kit; Retry sync when not synced, and Delete.
 */
export function LeadDetailSheet({
  lead,
  isRetrying,
  onRetrySync,
  onDelete,
  onOpenChange,
}: {
  lead: Lead | null;
  isRetrying: boolean;
  onRetrySync(lead: Lead): void;
  onDelete(lead: Lead): void;
  onOpenChange(open: boolean): void;
}) {
  const detail = useLead(lead?.id ?? null);
  const shown = detail.data ?? lead;
  return (
    <Sheet open={lead !== null} onOpenChange={onOpenChange}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-md">
        <SheetHeader>
          <SheetTitle className="break-all">{shown?.email ?? 'Lead'}</SheetTitle>
          <SheetDescription>{shown ? `${leadName(shown)} · ${leadSource(shown)}` : 'Lead details'}</SheetDescription>
        </SheetHeader>
        {shown && (
          <div className="flex flex-col gap-5 px-4">
            <Section title="Subscription">
              <Field label="Subscribed">{formatLeadDateTime(shown.subscribedAt)}</Field>
              <Field label="ConvertKit">
                <span className="flex flex-wrap items-center gap-2">
                  <SyncBadge lead={shown} />
                  {shown.convertkitSubscriberId !== null && <span className="text-muted-foreground">ID {shown.convertkitSubscriberId}</span>}
                </span>
              </Field>
              {shown.kitSyncedAt && <Field label="Synced at">{formatLeadDateTime(shown.kitSyncedAt)}</Field>}
              <Field label="Mail">
                <MailStatus lead={shown} />
              </Field>
              <Field label="Confirmed">{shown.confirmedAt ? formatLeadDateTime(shown.confirmedAt) : null}</Field>
              <Field label="Consent">{shown.consentText}</Field>
              <Field label="Consent given">
                {shown.consentAt ? `${formatLeadDateTime(shown.consentAt)}${shown.consentCountry ? ` · ${shown.consentCountry}` : ''}` : null}
              </Field>
            </Section>
            <Section title="Attribution">
              <Field label="UTM source">{shown.utmSource}</Field>
              <Field label="UTM medium">{shown.utmMedium}</Field>
              <Field label="UTM campaign">{shown.utmCampaign}</Field>
              <Field label="UTM term">{shown.utmTerm}</Field>
              <Field label="UTM content">{shown.utmContent}</Field>
              <Field label="Referrer">{shown.referrer}</Field>
            </Section>
            <Section title="Request">
              <Field label="IP address">{shown.ipAddress}</Field>
              <Field label="IP country">
                {detail.isPending ? <Skeleton className="h-4 w-16" /> : (detail.data?.ipCountry ?? null)}
              </Field>
              <Field label="User agent">{shown.userAgent}</Field>
            </Section>
            {detail.isError && (
              <p role="alert" className="text-sm text-destructive">
                {serverErrorText(detail.error) ?? 'Failed to load the lead details'}
              </p>
            )}
          </div>
        )}
        {shown && (
          <SheetFooter className="flex-row flex-wrap">
            {!isSynced(shown) && (
              <Button variant="outline" disabled={isRetrying} onClick={() => onRetrySync(shown)}>
                <RefreshCwIcon aria-hidden="true" /> {isRetrying ? 'Queuing...' : 'Retry sync'}
              </Button>
            )}
            <Button variant="destructive" onClick={() => onDelete(shown)}>
              <Trash2Icon aria-hidden="true" /> Delete lead
            </Button>
          </SheetFooter>
        )}
      </SheetContent>
    </Sheet>
  );
}

/** Subscribed or not, and the admin's switch (audited; the unsubscribe reaches Kit too). */
function MailStatus({ lead }: { lead: Lead }) {
  const setSubscription = useSetLeadSubscription();
  const isUnsubscribed = lead.unsubscribedAt !== null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <SubscriptionBadge lead={lead} />
      {isUnsubscribed && <span className="text-muted-foreground">{formatLeadDateTime(lead.unsubscribedAt!)}</span>}
      <Button
        size="sm"
        variant="outline"
        disabled={setSubscription.isPending}
        onClick={() => setSubscription.mutate({ id: lead.id, unsubscribed: !isUnsubscribed })}
      >
        {isUnsubscribed ? 'Resubscribe' : 'Unsubscribe'}
      </Button>
      {setSubscription.isError && (
        <span role="alert" className="text-destructive">
          {serverErrorText(setSubscription.error) ?? 'Failed to change the subscription'}
        </span>
      )}
    </span>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="grid grid-cols-[7.5rem_1fr] gap-x-3 gap-y-1.5 text-sm">{children}</dl>
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children ?? <span className="text-muted-foreground">—</span>}</dd>
    </>
  );
}
