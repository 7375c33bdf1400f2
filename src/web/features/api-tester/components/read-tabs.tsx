import { useState } from 'react';
import { JOT_SEARCH_FIELDS } from '../../../../shared/constants';
import { type JotSearchField, JotSearchSchema } from '../../../../shared/schemas/jots';
import { clientOrBearer, count, type TabProps, validationError } from './tab-support';
import { TesterInput } from './tester-field';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';

function ClientCredentials({ settings, update }: Pick<TabProps, 'settings' | 'update'>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TesterInput label="Client ID" value={settings.clientId} onChange={(value) => update({ clientId: value })} placeholder="jc_…" />
      <TesterInput label="Client Secret" type="password" value={settings.clientSecret} onChange={(value) => update({ clientSecret: value })} />
      <p className="text-xs text-muted-foreground sm:col-span-2">
        Sent as X-Client-Id and X-Client-Secret: a client reads the jots it sent. Leave both empty to use your own sign-in instead.
      </p>
    </div>
  );
}

/** Get Jots: `GET /api/jots` with a client's credentials (its own jots) or the signed-in user's token. */
export function GetJotsTab({ run, isBusy, settings, update }: TabProps) {
  const [limit, setLimit] = useState('10');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const value = Number(limit);
    if (!Number.isInteger(value) || value < 1 || value > 200) {
      setError('Limit must be a whole number from 1 to 200');
      validationError('Limit must be a whole number from 1 to 200');
      return;
    }
    setError(undefined);
    await run(
      { method: 'GET', path: `/api/jots?limit=${value}`, headers: clientOrBearer(settings.clientId, settings.clientSecret, ['X-Client-Id', 'X-Client-Secret']) },
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
    <form method="post" onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <ClientCredentials settings={settings} update={update} />
      <div className="max-w-40">
        <TesterInput label="Limit" type="number" value={limit} onChange={setLimit} error={error} />
      </div>
      <Button type="submit" disabled={isBusy} className="self-start">
        Get Jots
      </Button>
    </form>
  );
}

/** Search Jots: `POST /api/jots-search` with appName JotApp, a field and a value. */
export function SearchJotsTab({ run, isBusy, settings, update }: TabProps) {
  const [field, setField] = useState<JotSearchField | ''>('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = JotSearchSchema.safeParse({ field: field || undefined, value, appName: 'JotApp' });
    if (!parsed.success) {
      const message = parsed.error.issues[0]!.message;
      setError(message);
      validationError(message);
      return;
    }
    setError(undefined);
    await run(
      {
        method: 'POST',
        path: '/api/jots-search',
        headers: clientOrBearer(settings.clientId, settings.clientSecret, ['X-Client-Id', 'X-Client-Secret']),
        body: { field: parsed.data.field, value: parsed.data.value, appName: 'JotApp' },
      },
      { success: (body) => ({ title: 'Success', description: `Found ${count((body as { total?: number }).total ?? 0, 'matching jot')}` }) },
    );
  }

  return (
    <form method="post" onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <ClientCredentials settings={settings} update={update} />
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <div className="flex flex-col gap-2">
          <Label htmlFor="tester-search-field">Field</Label>
          <Select value={field} onValueChange={(next) => setField(next as JotSearchField)}>
            <SelectTrigger id="tester-search-field" className="w-full" aria-invalid={error && !field ? true : undefined}>
              <SelectValue placeholder="Select a field" />
            </SelectTrigger>
            <SelectContent>
              {JOT_SEARCH_FIELDS.map((name) => (
                <SelectItem key={name} value={name}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <TesterInput label="Search Value" value={value} onChange={setValue} error={error} placeholder="e.g. 1.5.0" />
      </div>
      <p className="text-xs text-muted-foreground">Searches jots of the app JotApp.</p>
      <Button type="submit" disabled={isBusy} className="self-start">
        Search Jots
      </Button>
    </form>
  );
}
