import { SearchIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '~/lib/toast';
import { JOT_SEARCH_FIELDS } from '../../../../shared/constants';
import { type JotSearchField, type JotSearchResult, JotSearchFormSchema } from '../../../../shared/schemas/jots';
import { useSearchJots } from '../api/search-jots';
import { matchCount } from '../match-count';
import { JotResults } from './jot-records';
import { Field, FieldSelect, Form, schemaResolver } from '~/components/form';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';

export const SEARCH_FIELD_LABELS: Record<JotSearchField, string> = {
  AppVersion: 'App Version',
  Plugin: 'Plugin',
  ClientId: 'Client ID',
  SenderCountry: 'Sender Country',
  payload: 'Payload or text',
};

const FIELD_OPTIONS = JOT_SEARCH_FIELDS.map((name) => ({ value: name, label: SEARCH_FIELD_LABELS[name] }));

interface SearchValues {
  field: JotSearchField | '';
  value: string;
}

/**
 * Search Jots card (docs/architecture.md, admin Jots): field and value checked by the shared schema (the API's own
 * words under the fields and in a 'Validation Error' toast), a 'Search Complete' toast with the match count, and the
 * matches. The result is not form state: it is what the last search answered.
 */
export function JotSearchCard() {
  const form = useForm<SearchValues, unknown, { field: JotSearchField; value: string }>({
    resolver: schemaResolver<SearchValues, typeof JotSearchFormSchema>(JotSearchFormSchema),
    defaultValues: { field: '', value: '' },
  });
  const [result, setResult] = useState<JotSearchResult | null>(null);
  const search = useSearchJots();

  async function submit({ field, value }: { field: JotSearchField; value: string }) {
    try {
      const found = await search.mutateAsync({ field, value });
      setResult(found);
      toast.success('Search Complete', { description: `Found ${matchCount(found)}` });
    } catch {
      toast.error('Search Error', { description: 'Failed to search jots' });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">Search Jots</h2>
        </CardTitle>
        <CardDescription>
          App version, plugin, client ID and country match the whole value; payload matches a part of the jot text (3 characters or more)
          or the whole encrypted payload. Case does not matter.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Form
          form={form}
          onSubmit={submit}
          onInvalid={(message) => toast.error('Validation Error', { description: message })}
          className="gap-3 md:flex-row md:items-start"
        >
          <Field name="field" label="Field" className="md:w-56">
            <FieldSelect name="field" options={FIELD_OPTIONS} placeholder="Select a field" />
          </Field>
          <Field name="value" label="Value" className="flex-1">
            <Input {...form.register('value')} placeholder="e.g. 1.5.0, offline, US, or words from a jot" />
          </Field>
          {/* Level with the controls, under the labels' line. */}
          <Button type="submit" disabled={search.isPending} className="md:mt-[1.375rem]">
            <SearchIcon aria-hidden="true" /> {search.isPending ? 'Searching...' : 'Search'}
          </Button>
        </Form>
        {result && (
          <section aria-label="Search results" className="flex flex-col gap-3">
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm font-medium" role="status">
                {matchCount(result)}
                {result.totalCapped || result.total > result.jots.length ? ` (showing the newest ${result.jots.length})` : ''}
              </p>
              <Button type="button" variant="ghost" size="sm" onClick={() => setResult(null)}>
                <XIcon aria-hidden="true" /> Clear
              </Button>
            </div>
            {result.jots.length > 0 && <JotResults jots={result.jots} label="Matching jots" />}
          </section>
        )}
      </CardContent>
    </Card>
  );
}
