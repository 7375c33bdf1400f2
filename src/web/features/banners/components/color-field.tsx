import { HexColorPicker } from 'react-colorful';
import { Input } from '~/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover';

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * A colour control for a <Field>: a swatch opening react-colorful's picker (keyboard: arrow keys on its sliders)
 * and a hex text field that gets the Field's id and aria attributes. What is typed goes to the form as it is; the
 * shared schema says when it is not a #rrggbb colour.
 */
export function ColorField({
  label,
  value,
  onChange,
  onBlur,
  ...inputProps
}: {
  /** Names the swatch button and the picker ("Pick background color"). */
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const color = HEX.test(value) ? value : '#000000';
  return (
    <div className="flex gap-2">
      <Popover>
        <PopoverTrigger asChild>
          <button
            type="button"
            aria-label={`Pick ${label.toLowerCase()}`}
            className="size-10 shrink-0 rounded-md border border-input shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            style={{ backgroundColor: color }}
          />
        </PopoverTrigger>
        <PopoverContent className="w-auto p-3" align="start" aria-label={`${label} picker`}>
          <HexColorPicker color={color} onChange={(next) => onChange(next.toLowerCase())} />
        </PopoverContent>
      </Popover>
      <Input
        {...inputProps}
        value={value}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        className="font-mono"
        onChange={(event) => onChange(event.target.value.trim())}
        onBlur={onBlur}
      />
    </div>
  );
}
