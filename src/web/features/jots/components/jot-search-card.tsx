import { SearchIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '~/lib/toast';
import { JOT_SEARCH_FIELDS } from '../../../../shared/constants';
import { type JotSearchField, type JotSearchResult, JotSearchSchema, SEARCH_REQUIRED_MESSAGE } from '../../../../shared/schemas/jots';
import { useSearchJots } from '../api/search-jots';
import { matchCount } from '../match-count';
import { JotResults } from './jot-records';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';

export const SEARCH_FIELD_LABELS: Record<JotSearchField, string> = {
  AppVersion: 'App Version',
  Plugin: 'Plugin',
  ClientId: 'Client ID',
  SenderCountry: 'Sender Country',
  payload: 'Payload or text',
};

/** Spec §2 Search Jots card: field and value, a 'Search Complete' toast with the match count, and the matches. */
export function JotSearchCard() {
  const fieldId = useId();
  const valueId = useId();
  const [field, setField] = useState<JotSearchField | ''>('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<JotSearchResult | null>(null);
  const search = useSearchJots();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!field || !value.trim()) {
      setProblem(SEARCH_REQUIRED_MESSAGE);
      toast.error('Validation Error', { description: SEARCH_REQUIRED_MESSAGE });
      return;
    }
    // The shared schema's other rules (a payload search needs 3 characters), with the API's own words.
    const parsed = JotSearchSchema.safeParse({ field, value });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? SEARCH_REQUIRED_MESSAGE;
      setProblem(message);
      toast.error('Validation Error', { description: message });
      return;
    }
    setProblem(null);
    search.mutate(
      { field, value: value.trim() },
      {
        onSuccess: (found) => {
          setResult(found);
          toast.success('Search Complete', { description: `Found ${matchCount(found)}` });
        },
        onError: () => toast.error('Search Error', { description: 'Failed to search jots' }),
      },
    );
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
        <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-3 md:flex-row md:items-end">
          <div className="flex flex-col gap-2 md:w-56">
            <Label htmlFor={fieldId}>Field</Label>
            <Select value={field} onValueChange={(next) => setField(next as JotSearchField)}>
              <SelectTrigger id={fieldId} className="w-full" aria-invalid={problem && !field ? true : undefined}>
                <SelectValue placeholder="Select a field" />
              </SelectTrigger>
              <SelectContent>
                {JOT_SEARCH_FIELDS.map((name) => (
                  <SelectItem key={name} value={name}>
                    {SEARCH_FIELD_LABELS[name]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor={valueId}>Value</Label>
            <Input
              id={valueId}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              placeholder="e.g. 1.5.0, offline, US, or words from a jot"
              aria-invalid={problem && !value.trim() ? true : undefined}
              aria-describedby={problem ? `${valueId}-problem` : undefined}
            />
          </div>
          <Button type="submit" disabled={search.isPending}>
            <SearchIcon aria-hidden="true" /> {search.isPending ? 'Searching...' : 'Search'}
          </Button>
        </form>
        {problem && (
          <p id={`${valueId}-problem`} className="text-sm text-destructive">
            {problem}
          </p>
        )}
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

