/**
 * The published date and time (spec §4 scheduling): a calendar in a popover (react-day-picker) and a time input, in
 * the browser's time zone. Empty means "now when published"; a future date makes the post Scheduled.
 */
import { format } from 'date-fns';
import { CalendarIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover';
import { fromLocalDateTime, toLocalDateTime } from '../post-form';

export function DateTimeField({
  date,
  time,
  error,
  onChange,
}: {
  date: string;
  time: string;
  error?: string;
  onChange(value: { date: string; time: string }): void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const selected = fromLocalDateTime(date, '00:00') ?? undefined;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">Published date and time</legend>
      <div className="flex flex-wrap items-center gap-2">
        <Popover open={isOpen} onOpenChange={setIsOpen}>
          <PopoverTrigger asChild>
            <Button
              type="button"
              variant="outline"
              className="min-w-44 justify-start font-normal"
              aria-invalid={error ? true : undefined}
            >
              <CalendarIcon aria-hidden="true" />
              {selected ? format(selected, 'MMM d, yyyy') : 'Pick a date'}
              <span className="sr-only"> (published date)</span>
            </Button>
          </PopoverTrigger>
          <PopoverContent className="w-auto p-2" align="start">
            <DayPicker
              mode="single"
              selected={selected}
              defaultMonth={selected}
              onSelect={(day) => {
                if (day) onChange({ date: toLocalDateTime(day).date, time: time || '09:00' });
                setIsOpen(false);
              }}
            />
          </PopoverContent>
        </Popover>
        <Label htmlFor="blog-post-published-time" className="sr-only">
          Published time
        </Label>
        <Input
          id="blog-post-published-time"
          type="time"
          className="w-32"
          value={time}
          disabled={!date}
          onChange={(event) => onChange({ date, time: event.target.value })}
        />
        {date && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange({ date: '', time: '' })}>
            <XIcon aria-hidden="true" /> Clear date
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        Empty: set to now when published. A future date schedules the post.
      </p>
      {error && <p className="text-sm text-destructive">{error}</p>}
    </fieldset>
  );
}
