/**
 * An on/off field of a kit <Form>: the label (and what it means) beside the switch, the value kept by the form
 * (react-hook-form).
 *
 *   <SwitchField name="is_published" label="Published" description="Shown at /p/{slug}." />
 */
import { type ReactNode, useId } from 'react';
import { useController } from 'react-hook-form';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';

export function SwitchField({ name, label, description }: { name: string; label: ReactNode; description?: ReactNode }) {
  const id = useId();
  const { field } = useController({ name });
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border p-4" data-slot="switch-field">
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        {description && (
          <p id={`${id}-description`} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
      </div>
      <Switch
        id={id}
        checked={Boolean(field.value)}
        onCheckedChange={field.onChange}
        onBlur={field.onBlur}
        aria-describedby={description ? `${id}-description` : undefined}
      />
    </div>
  );
}
