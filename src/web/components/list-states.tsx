/**
 * What the admin lists share beside the DataTable (components/data-table.tsx draws their loading, error and empty
 * states): a filter beside the search, and the words of a load error.
 */
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';

/** A list's filter beside its search: the kit's Select, named by `label` ('Published filter'). */
export function ListFilter<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as Value)}>
      <SelectTrigger aria-label={label} className="w-full sm:w-44">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** 'Error loading {what}: {message}': a list's load error, as a DataTable's `errorTitle`. */
export function loadErrorText(what: string, error: Error | null): string {
  return `Error loading ${what}: ${error?.message ?? ''}`;
}

