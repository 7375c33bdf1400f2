/**
 * The search box of an admin list (issue 26 §2): it writes its filter into the URL after a short pause in typing,
 * and follows the URL when it changes from elsewhere (Back, "Clear filters").
 */
import { SearchIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/utils';

const SEARCH_DELAY_MS = 300;

export function DataTableSearch({
  label,
  value,
  onSearch,
  placeholder,
  isLabelVisible = false,
  className,
}: {
  label: string;
  /** The filter as the URL has it. */
  value: string | undefined;
  onSearch(value: string | undefined): void;
  placeholder?: string;
  isLabelVisible?: boolean;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const [shownValue, setShownValue] = useState(value);

  // The URL is the truth: when it changes from elsewhere, the box follows (unless it already says the same).
  if (shownValue !== value) {
    setShownValue(value);
    if (text.trim() !== (value ?? '')) setText(value ?? '');
  }

  // A new `onSearch` each render does not restart the pause.
  const search = useEffectEvent((next: string | undefined) => onSearch(next));
  useEffect(() => {
    const next = text.trim();
    if (next === (value ?? '')) return;
    const timer = setTimeout(() => search(next || undefined), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id} className={isLabelVisible ? undefined : 'sr-only'}>
        {label}
      </Label>
      <div className="relative">
        <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input id={id} type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={placeholder} maxLength={200} className="pl-9" />
      </div>
    </div>
  );
}
