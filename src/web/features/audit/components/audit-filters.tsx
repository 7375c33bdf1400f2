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

/**
 * The audit filters: actor and action as typed (sent after a pause), entity type, and a day range. The values live
 * in the URL (audit-url-state.ts); the text fields follow it when it changes under them (Back, Forward, Clear).
 * The actor is the list's search, in view; the others are in the Filter panel and show as chips (decision 0061).
 */
export function AuditFilters({ filters, onChange }: { filters: Filters; onChange(change: Filters): void }) {
  const id = useId();
  const [actorText, setActorText] = useState(filters.actor ?? '');
  const [actionText, setActionText] = useState(filters.action ?? '');

  // The URL changed under the fields (Back, Forward, Clear): they show it, unless it is what they already say.
  const [shownUrl, setShownUrl] = useState({ actor: filters.actor, action: filters.action });
  if (shownUrl.actor !== filters.actor || shownUrl.action !== filters.action) {
    setShownUrl({ actor: filters.actor, action: filters.action });
    if ((actorText.trim() || undefined) !== filters.actor) setActorText(filters.actor ?? '');
    if ((actionText.trim().toLowerCase() || undefined) !== filters.action) setActionText(filters.action ?? '');
  }

  useEffect(() => {
    const actor = actorText.trim() || undefined;
    const action = actionText.trim().toLowerCase() || undefined;
    if (actor === filters.actor && action === filters.action) return;
    const timer = setTimeout(() => onChange({ actor, action }), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [actorText, actionText, filters.actor, filters.action, onChange]);

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
  const actorField = (
    <TextFilter
      id={`${id}-actor`}
      label="Actor"
      placeholder="Part of an e-mail"
      maxLength={254}
      value={actorText}
      onChange={setActorText}
      hasIcon
    />
  );
  return (
    <FilterBar
      search={actorField}
      filters={chips}
      isFiltered={Object.values(filters).some(Boolean)}
      onClear={() =>
        onChange({ actor: undefined, action: undefined, entity: undefined, from: undefined, to: undefined })
      }
    >
      <TextFilter
        id={`${id}-action`}
        label="Action"
        placeholder="e.g. user.approve"
        maxLength={80}
        value={actionText}
        onChange={setActionText}
      />
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
