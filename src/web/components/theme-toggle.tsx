import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useEffect } from 'react';
import { applyTheme, followSystemTheme, type ThemeChoice, themeSetting } from '~/lib/theme';
import { cn } from '~/lib/utils';

const OPTIONS: Array<{ value: ThemeChoice; label: string; icon: typeof SunIcon }> = [
  { value: 'system', label: 'System theme', icon: MonitorIcon },
  { value: 'light', label: 'Light theme', icon: SunIcon },
  { value: 'dark', label: 'Dark theme', icon: MoonIcon },
];

/** System / light / dark, as three small pressed-or-not buttons (no menu code to load on public pages). */
export function ThemeToggle({ className }: { className?: string }) {
  const [choice, setChoice] = themeSetting.use();
  return (
    <div role="group" aria-label="Theme" className={cn('inline-flex shrink-0 items-center rounded-md border p-0.5', className)}>
      {OPTIONS.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          title={label}
          aria-pressed={choice === value}
          onClick={() => {
            setChoice(value);
            applyTheme(value);
          }}
          className={cn(
            'inline-flex size-7 items-center justify-center rounded-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
            choice === value && 'bg-muted text-foreground',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      ))}
    </div>
  );
}

/** Keeps the page's theme in step with the system setting and with a choice made in another tab. */
export function ThemeSync() {
  const [choice] = themeSetting.use();
  useEffect(() => applyTheme(choice), [choice]);
  useEffect(() => followSystemTheme(), []);
  return null;
}
