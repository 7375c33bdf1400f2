import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { JOT_SEARCH_FIELDS } from '../../../../shared/constants';
import { type JotSearchField, JotSearchFormSchema } from '../../../../shared/schemas/jots';
import { clientOrBearer, count, type TabProps, useRememberedFields, validationError } from './tab-support';
import { TesterInput } from './tester-field';
import { Field, FieldSelect, Form, schemaResolver } from '~/components/form';
import { Button } from '~/components/ui/button';

/** The client credentials of a read tab: remembered settings, typed in the tab's form (useRememberedFields). */
function ClientCredentials() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TesterInput name="clientId" label="Client ID" placeholder="e.g. jc_…" />
      <TesterInput name="clientSecret" label="Client Secret" type="password" />
      <p className="text-xs text-muted-foreground sm:col-span-2">
        Sent as X-Client-Id and X-Client-Secret: a client reads the jots it sent. Leave both empty to use your own sign-in instead.
      </p>
    </div>
  );
}

const LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 200';
const GetJotsFormSchema = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  limit: z
    .string()
    .refine((value) => /^\d+$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= 200, LIMIT_MESSAGE)
    .transform(Number),
});
type GetJotsValues = z.input<typeof GetJotsFormSchema>;

/** Get Jots: `GET /api/jots` with a client's credentials (its own jots) or the signed-in user's token. */
export function GetJotsTab({ run, isBusy, settings, update }: TabProps) {
  const form = useForm<GetJotsValues, unknown, z.output<typeof GetJotsFormSchema>>({
    resolver: schemaResolver<GetJotsValues, typeof GetJotsFormSchema>(GetJotsFormSchema),
    defaultValues: { clientId: settings.clientId, clientSecret: settings.clientSecret, limit: '10' },
  });
  useRememberedFields(form, update);

  async function submit({ clientId, clientSecret, limit }: z.output<typeof GetJotsFormSchema>) {
    await run(
      { method: 'GET', path: `/api/jots?limit=${limit}`, headers: clientOrBearer(clientId, clientSecret, ['X-Client-Id', 'X-Client-Secret']) },
      {
        success: (body) => {
          if (Array.isArray(body)) return { title: 'Success', description: `Retrieved ${count(body.length, 'jot')}` };
          const page = body as { jots?: unknown[]; total?: number };
          return { title: 'Success', description: `Retrieved ${page.jots?.length ?? 0} of ${count(page.total ?? 0, 'jot')}` };
        },
      },
    );
  }

  return (
    <Form form={form} onSubmit={submit} onInvalid={validationError} className="gap-4">
      <ClientCredentials />
      <div className="max-w-40">
        <TesterInput name="limit" label="Limit" type="number" />
      </div>
      <Button type="submit" disabled={isBusy} className="self-start">
        Get Jots
      </Button>
    </Form>
  );
}

const FIELD_OPTIONS = JOT_SEARCH_FIELDS.map((name) => ({ value: name, label: name }));

interface SearchValues {
  clientId: string;
  clientSecret: string;
  field: JotSearchField | '';
  value: string;
}

/** Search Jots: `POST /api/jots-search` with appName JotApp, a field and a value (checked by the API's schema). */
export function SearchJotsTab({ run, isBusy, settings, update }: TabProps) {
  const form = useForm<SearchValues, unknown, { field: JotSearchField; value: string }>({
    // The credentials are headers, not part of the search body: the schema reads the search, they stay as typed.
    resolver: schemaResolver<SearchValues, typeof JotSearchFormSchema>(JotSearchFormSchema),
    defaultValues: { clientId: settings.clientId, clientSecret: settings.clientSecret, field: '', value: '' },
  });
  useRememberedFields(form, update);

  async function submit({ field, value }: { field: JotSearchField; value: string }) {
    const { clientId, clientSecret } = form.getValues();
    await run(
      {
        method: 'POST',
        path: '/api/jots-search',
        headers: clientOrBearer(clientId, clientSecret, ['X-Client-Id', 'X-Client-Secret']),
        body: { field, value, appName: 'JotApp' },
      },
      { success: (body) => ({ title: 'Success', description: `Found ${count((body as { total?: number }).total ?? 0, 'matching jot')}` }) },
    );
  }

  return (
    <Form form={form} onSubmit={submit} onInvalid={validationError} className="gap-4">
      <ClientCredentials />
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field name="field" label="Field">
          <FieldSelect name="field" options={FIELD_OPTIONS} placeholder="Select a field" />
        </Field>
        <TesterInput name="value" label="Search Value" placeholder="e.g. 1.5.0" />
      </div>
      <p className="text-xs text-muted-foreground">Searches jots of the app JotApp.</p>
      <Button type="submit" disabled={isBusy} className="self-start">
        Search Jots
      </Button>
    </Form>
  );
}
