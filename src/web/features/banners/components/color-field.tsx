import { useId, useState } from 'react';
import { HexColorPicker } from 'react-colorful';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover';

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * A colour: a swatch opening react-colorful's picker (keyboard: arrow keys on its sliders) and a hex text field.
 * The text field may hold a half-typed value; only a full #rrggbb reaches `onChange`.
 */
export function ColorField({ label, value, onChange, error }: { label: string; value: string; onChange(value: string): void; error?: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // A new value from outside (the picker, a type change) replaces what is typed.
  if (shownValue !== value) {
    setShownValue(value);
    setText(value);
  }
  const typedError = HEX.test(text) ? undefined : `${label} must be a hex colour like #3b82f6`;
  const shownError = error ?? (text !== value ? typedError : undefined);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Popover>
          <PopoverTrigger asChild>
            <button
              type="button"
              aria-label={`Pick ${label.toLowerCase()}`}
              className="size-9 shrink-0 rounded-md border shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              style={{ backgroundColor: value }}
            />
          </PopoverTrigger>
          <PopoverContent className="w-auto p-3" align="start" aria-label={`${label} picker`}>
            <HexColorPicker color={value} onChange={(next) => onChange(next.toLowerCase())} />
          </PopoverContent>
        </Popover>
        <Input
          id={id}
          value={text}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-error` : undefined}
          onChange={(event) => {
            const next = event.target.value.trim();
            setText(next);
            if (HEX.test(next)) onChange(next.toLowerCase());
          }}
          onBlur={() => setText(value)}
        />
      </div>
      {shownError && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {shownError}
        </p>
      )}
    </div>
  );
}
