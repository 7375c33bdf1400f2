import { useEffect, useId, useState } from 'react';
import type { AnalyticsFilters as Filters } from '../api/analytics-query';
import { type ActiveFilter, DateRangeFields, dateRangeChips, FilterBar } from '~/components/filter-panel';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

const TYPING_DELAY_MS = 300;
const TEXT_FILTERS = [
  { key: 'page', label: 'Page', placeholder: 'A path, e.g. /blog' },
  { key: 'source', label: 'Source', placeholder: 'A UTM source or a domain' },
  { key: 'country', label: 'Country', placeholder: 'An ISO code, e.g. US' },
] as const;
type TextKey = (typeof TEXT_FILTERS)[number]['key'];

/**
 * The range and filters of the Analytics screen on the admin's one filter panel (decision 0061): a Filter button and
 * the chips of what is set, so the figures are on a phone's first screen. The range applies as it is picked; the
 * text filters after a pause in typing, and follow the URL when it changes under them (Back, Forward, a chip removed).
 */
export function AnalyticsFilterBar({ filters, onChange }: { filters: Filters; onChange(change: Filters): void }) {
  const id = useId();
  const [texts, setTexts] = useState<Record<TextKey, string>>(() => textsOf(filters));
  const [shownUrl, setShownUrl] = useState(() => textsOf(filters));
  const fromUrl = textsOf(filters);
  if (TEXT_FILTERS.some(({ key }) => shownUrl[key] !== fromUrl[key])) {
    setShownUrl(fromUrl);
    setTexts((typed) => Object.fromEntries(TEXT_FILTERS.map(({ key }) => [key, typed[key].trim() === fromUrl[key] ? typed[key] : fromUrl[key]])) as Record<TextKey, string>);
  }

  useEffect(() => {
    const changes: Filters = {};
    for (const { key } of TEXT_FILTERS) if ((texts[key].trim() || undefined) !== filters[key]) changes[key] = texts[key].trim() || undefined;
    if (Object.keys(changes).length === 0) return;
    const timer = setTimeout(() => onChange(changes), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [texts, filters, onChange]);

  const chips: ActiveFilter[] = [...dateRangeChips(filters, onChange)];
  for (const { key, label } of TEXT_FILTERS) {
    const value = filters[key];
    if (value) chips.push({ key, label: `${label}: ${value}`, remove: () => onChange({ [key]: undefined }) });
  }
  return (
    <FilterBar filters={chips} onClear={() => onChange({ from: undefined, to: undefined, page: undefined, source: undefined, country: undefined })}>
      <DateRangeFields id={id} range={filters} onChange={onChange} />
      {TEXT_FILTERS.map(({ key, label, placeholder }) => (
        <div key={key} className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-${key}`}>{label}</Label>
          <Input
            id={`${id}-${key}`}
            type="search"
            placeholder={placeholder}
            maxLength={300}
            value={texts[key]}
            onChange={(event) => setTexts((typed) => ({ ...typed, [key]: event.target.value }))}
          />
        </div>
      ))}
    </FilterBar>
  );
}

const textsOf = (filters: Filters): Record<TextKey, string> => ({ page: filters.page ?? '', source: filters.source ?? '', country: filters.country ?? '' });
