import { format } from 'date-fns';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { Button, buttonVariants } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover';
import { cn } from '~/lib/utils';

const pad = (value: number) => String(value).padStart(2, '0');
const timeOf = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

function withTime(day: Date, time: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const date = new Date(day);
  date.setHours(hours, minutes, 0, 0);
  return date;
}

/**
 * An optional date and time in the shadcn style: a button showing the value, opening a calendar (react-day-picker,
 * keyboard-navigable grid) and a time field in a popover, with Clear. The value is a local Date or null.
 */
export function DateTimePicker({
  label,
  value,
  onChange,
  defaultTime = '09:00',
  error,
}: {
  label: string;
  value: Date | null;
  onChange(value: Date | null): void;
  defaultTime?: string;
  error?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const time = value ? timeOf(value) : defaultTime;
  return (
    <div className="flex flex-col gap-2">
      <Label id={`${id}-label`} htmlFor={`${id}-button`}>
        {label}
      </Label>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            id={`${id}-button`}
            type="button"
            variant="outline"
            aria-labelledby={`${id}-label ${id}-value`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={cn('w-full justify-start text-left font-normal', !value && 'text-muted-foreground')}
          >
            <CalendarIcon aria-hidden="true" />
            <span id={`${id}-value`}>{value ? format(value, 'PP, p') : 'Not set'}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-3" align="start" aria-label={`${label}: pick a date and time`}>
          <DayPicker
            mode="single"
            selected={value ?? undefined}
            defaultMonth={value ?? undefined}
            onSelect={(day) => onChange(day ? withTime(day, time) : null)}
            showOutsideDays
            classNames={{
              root: 'relative',
              months: 'flex flex-col',
              month: 'flex flex-col gap-3',
              month_caption: 'flex h-8 items-center justify-center',
              caption_label: 'text-sm font-medium',
              nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
              button_previous: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8'),
              button_next: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8'),
              month_grid: 'border-collapse',
              weekdays: 'flex',
              weekday: 'w-9 text-[0.8rem] font-normal text-muted-foreground',
              week: 'mt-1 flex',
              day: 'size-9 p-0 text-center text-sm',
              day_button: cn(
                buttonVariants({ variant: 'ghost', size: 'icon' }),
                'size-9 font-normal aria-selected:bg-primary aria-selected:text-primary-foreground',
              ),
              selected: 'rounded-md bg-primary text-primary-foreground [&>button]:hover:bg-primary [&>button]:hover:text-primary-foreground',
              today: 'rounded-md bg-accent text-accent-foreground',
              outside: 'text-muted-foreground',
              disabled: 'text-muted-foreground opacity-50',
              hidden: 'invisible',
            }}
            components={{
              Chevron: ({ orientation }) =>
                orientation === 'left' ? <ChevronLeftIcon aria-hidden="true" className="size-4" /> : <ChevronRightIcon aria-hidden="true" className="size-4" />,
            }}
          />
          <div className="mt-3 flex items-end gap-2 border-t pt-3">
            <div className="flex flex-1 flex-col gap-1.5">
              <Label htmlFor={`${id}-time`}>{label} time</Label>
              <Input
                id={`${id}-time`}
                type="time"
                value={time}
                onChange={(event) => {
                  if (value && event.target.value) onChange(withTime(value, event.target.value));
                }}
                disabled={!value}
              />
            </div>
            <Button type="button" variant="ghost" onClick={() => onChange(null)} disabled={!value}>
              Clear
            </Button>
            <Button type="button" onClick={() => setOpen(false)}>
              Done
            </Button>
          </div>
        </PopoverContent>
      </Popover>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
