import { cn } from '~/lib/utils';

/**
 * The category chips of spec §2 Blog. They wrap onto a second line on narrow screens: a row that scrolled sideways
 * cut 'Infrastructure' and 'Industry' off at 375 px with nothing to say there was more.
 */
export function CategoryFilter({
  categories,
  selected,
  onSelect,
}: {
  categories: readonly string[];
  selected: string;
  onSelect(category: string): void;
}) {
  return (
    <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
      {categories.map((name) => (
        <button
          key={name}
          type="button"
          aria-pressed={selected === name}
          onClick={() => onSelect(name)}
          className={cn(
            'h-9 shrink-0 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            selected === name ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
          )}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
