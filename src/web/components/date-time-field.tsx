/**
 * The admin kit's one date-time picker (issue 26 §2): a button showing the value that opens a calendar
 * (react-day-picker, a keyboard-navigable grid) and a time field in a popover, with Clear and Done. The value is a
 * local Date or null; the browser's time zone. It sits in a <Field> like any control (the Field's id, aria-invalid
 * and aria-describedby land on the button):
 *
 *   <Controller control={form.control} name="startDate" render={({ field }) => (
 *     <Field name="startDate" label="Start Date">
 *       <DateTimeField label="Start Date" value={toDate(field.value)} onChange={(date) => field.onChange(…)} />
 *     </Field>
 *   )} />
 */
import { format } from 'date-fns';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { type ComponentProps, useId, useState } from 'react';
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

/** The calendar in the product's tokens (selected day in the brand colour, today outlined). */
const CALENDAR_CLASSES: ComponentProps<typeof DayPicker>['classNames'] = {
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
  day_button: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-9 font-normal aria-selected:bg-primary aria-selected:text-primary-foreground'),
  selected: 'rounded-md bg-primary text-primary-foreground [&>button]:hover:bg-primary [&>button]:hover:text-primary-foreground',
  today: 'rounded-md font-semibold ring-1 ring-primary/60 ring-inset',
  outside: 'text-muted-foreground',
  disabled: 'text-muted-foreground opacity-50',
  hidden: 'invisible',
};

export function DateTimeField({
  label,
  value,
  onChange,
  defaultTime = '09:00',
  emptyText = 'Not set',
  id,
  className,
  ...aria
}: {
  /** Names the popover and its time field ("Start Date time"); the visible label is the Field's. */
  label: string;
  value: Date | null;
  onChange(value: Date | null): void;
  /** The time a newly picked day gets ("23:59" for an end date). */
  defaultTime?: string;
  /** What the button says without a value. */
  emptyText?: string;
  id?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}) {
  const ownId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const time = value ? timeOf(value) : defaultTime;
  const shown = value ? format(value, 'PP, p') : emptyText;
  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          // The name says the field and its value ("Start Date: Not set"), like a select's.
          aria-label={`${label}: ${shown}`}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={aria['aria-describedby']}
          className={cn('w-full justify-start text-left font-normal', !value && 'text-muted-foreground', className)}
        >
          <CalendarIcon aria-hidden="true" />
          <span className="truncate">{shown}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-3" align="start" aria-label={`${label}: pick a date and time`}>
        <DayPicker
          mode="single"
          selected={value ?? undefined}
          defaultMonth={value ?? undefined}
          onSelect={(day) => onChange(day ? withTime(day, time) : null)}
          showOutsideDays
          classNames={CALENDAR_CLASSES}
          components={{
            Chevron: ({ orientation }) =>
              orientation === 'left' ? <ChevronLeftIcon aria-hidden="true" className="size-4" /> : <ChevronRightIcon aria-hidden="true" className="size-4" />,
          }}
        />
        <div className="mt-3 flex flex-wrap items-end gap-2 border-t pt-3">
          <div className="flex min-w-28 flex-1 flex-col gap-1.5">
            <Label htmlFor={`${ownId}-time`}>{label} time</Label>
            <Input
              id={`${ownId}-time`}
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
          <Button type="button" onClick={() => setIsOpen(false)}>
            Done
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
