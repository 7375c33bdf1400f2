import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useController, useForm, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import {
  CreateWebhookEndpointSchema,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
} from '../../../../shared/schemas/webhooks';
import { Field, SwitchField } from '~/components/form';
import { Checkbox } from '~/components/ui/checkbox';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

export interface WebhookFormValues {
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
}
export type WebhookFormOutput = z.output<typeof CreateWebhookEndpointSchema>;

export const emptyWebhook = (): WebhookFormValues => ({ url: '', description: '', events: [], enabled: true });

export const webhookToForm = (endpoint: WebhookEndpoint): WebhookFormValues => ({
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.events,
  enabled: endpoint.enabled,
});

/** Add and Edit: react-hook-form checked with the shared schema (the server's own messages). */
export function useWebhookForm(defaultValues: WebhookFormValues) {
  return useForm<WebhookFormValues, unknown, WebhookFormOutput>({
    resolver: zodResolver(CreateWebhookEndpointSchema) as unknown as Resolver<
      WebhookFormValues,
      unknown,
      WebhookFormOutput
    >,
    defaultValues,
  });
}

/** URL, Description, the events as checkboxes, Enabled. */
export function WebhookFields({ register }: { register: ReturnType<typeof useWebhookForm>['register'] }) {
  return (
    <>
      <Field
        name="url"
        label="URL"
        required
        description="Where each event is POSTed, signed with the endpoint's secret."
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/hooks/jotit"
          {...register('url')}
        />
      </Field>
      <Field name="description" label="Description">
        <Input autoComplete="off" placeholder="e.g. CRM sync" {...register('description')} />
      </Field>
      <EventCheckboxes />
      <SwitchField
        className="rounded-lg border p-4"
        name="enabled"
        label="Enabled"
        description="Disabled endpoints receive nothing."
      />
    </>
  );
}

function EventCheckboxes() {
  const { control } = useFormContext<WebhookFormValues>();
  const { field, fieldState } = useController({ control, name: 'events' });
  const chosen = new Set(field.value);
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={fieldState.error ? 'webhook-events-error' : undefined}>
      <legend className="mb-2 text-sm font-medium">
        Events
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
        <span className="sr-only"> (required)</span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <div key={event} className="flex items-center gap-2">
            <Checkbox
              id={`webhook-event-${event}`}
              checked={chosen.has(event)}
              onCheckedChange={(checked) =>
                field.onChange(
                  checked === true ? [...field.value, event] : field.value.filter((value) => value !== event),
                )
              }
            />
            <Label htmlFor={`webhook-event-${event}`} className="font-mono text-xs font-normal">
              {event}
            </Label>
          </div>
        ))}
      </div>
      {fieldState.error?.message && (
        <p id="webhook-events-error" className="text-sm text-destructive">
          {fieldState.error.message}
        </p>
      )}
    </fieldset>
  );
}
