import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { AUDIT_ENTITIES } from '../../../../shared/schemas/audit';
import type { AuditFilters as Filters } from '../audit-url-state';
import { entityLabel } from '../entry-names';
import { type ActiveFilter, DateRangeFields, dateRangeChips, FilterBar } from '~/components/filter-panel';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';

const TYPING_DELAY_MS = 300;
const ALL = 'all';

/** The two typed filters: what each field says, and how its text becomes the filter (the action is lower-case). */
const TEXT_FILTERS = {
  actor: { label: 'Actor', placeholder: 'Part of an e-mail', maxLength: 254, normalise: (text: string) => text.trim() || undefined },
  action: {
    label: 'Action',
    placeholder: 'e.g. user.approve',
    maxLength: 80,
    normalise: (text: string) => text.trim().toLowerCase() || undefined,
  },
} as const;
type TextFilterName = keyof typeof TEXT_FILTERS;
type Texts = Record<TextFilterName, string>;

const textsOf = (filters: Filters): Texts => ({ actor: filters.actor ?? '', action: filters.action ?? '' });
/** The filters the typed texts ask for. */
const filtersOf = (texts: Texts) => ({ actor: TEXT_FILTERS.actor.normalise(texts.actor), action: TEXT_FILTERS.action.normalise(texts.action) });

/**
 * The audit filters: actor and action as typed (sent after a pause), entity type, and a day range. The values live
 * in the URL (audit-url-state.ts); the text fields follow it when it changes under them (Back, Forward, Clear).
 * The actor is the list's search, in view; the others are in the Filter panel and show as chips (decision 0061).
 */
export function AuditFilters({ filters, onChange }: { filters: Filters; onChange(change: Filters): void }) {
  const id = useId();
  const [texts, setTexts] = useState<Texts>(() => textsOf(filters));

  // The URL changed under the fields (Back, Forward, Clear): each shows it, unless it is what it already says.
  const [shownUrl, setShownUrl] = useState({ actor: filters.actor, action: filters.action });
  if (shownUrl.actor !== filters.actor || shownUrl.action !== filters.action) {
    setShownUrl({ actor: filters.actor, action: filters.action });
    const typed = filtersOf(texts);
    const fromUrl = textsOf(filters);
    setTexts((current) => ({
      actor: typed.actor === filters.actor ? current.actor : fromUrl.actor,
      action: typed.action === filters.action ? current.action : fromUrl.action,
    }));
  }

  useEffect(() => {
    const typed = filtersOf(texts);
    if (typed.actor === filters.actor && typed.action === filters.action) return;
    const timer = setTimeout(() => onChange(typed), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [texts, filters.actor, filters.action, onChange]);

  const textFilter = (name: TextFilterName, hasIcon = false) => {
    const { normalise: _, ...field } = TEXT_FILTERS[name];
    return (
      <TextFilter
        {...field}
        id={`${id}-${name}`}
        value={texts[name]}
        onChange={(text) => setTexts((current) => ({ ...current, [name]: text }))}
        hasIcon={hasIcon}
      />
    );
  };

  const chips: ActiveFilter[] = [];
  if (filters.action)
    chips.push({ key: 'action', label: `Action: ${filters.action}`, remove: () => onChange({ action: undefined }) });
  if (filters.entity)
    chips.push({
      key: 'entity',
      label: `Entity: ${entityLabel(filters.entity)}`,
      remove: () => onChange({ entity: undefined }),
    });
  chips.push(...dateRangeChips(filters, onChange));
  return (
    <FilterBar
      search={textFilter('actor', true)}
      filters={chips}
      isFiltered={Object.values(filters).some(Boolean)}
      onClear={() =>
        onChange({ actor: undefined, action: undefined, entity: undefined, from: undefined, to: undefined })
      }
    >
      {textFilter('action')}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-entity`}>Entity type</Label>
        <Select
          value={filters.entity ?? ALL}
          onValueChange={(value) => onChange({ entity: value === ALL ? undefined : value })}
        >
          <SelectTrigger id={`${id}-entity`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All entities</SelectItem>
            {AUDIT_ENTITIES.map((entity) => (
              <SelectItem key={entity} value={entity}>
                {entityLabel(entity)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <DateRangeFields id={id} range={filters} onChange={onChange} />
    </FilterBar>
  );
}

/** A labelled search field of the filters; `hasIcon` for the one that stands as the bar's search. */
function TextFilter({
  id,
  label,
  hasIcon = false,
  onChange,
  ...input
}: { id: string; label: string; placeholder: string; maxLength: number; value: string; onChange(text: string): void; hasIcon?: boolean }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        {hasIcon && (
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
        )}
        <Input {...input} id={id} type="search" onChange={(event) => onChange(event.target.value)} className={hasIcon ? 'pl-9' : undefined} />
      </div>
    </div>
  );
}
