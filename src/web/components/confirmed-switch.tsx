/**
 * The on/off switch of a list row (published, active) that asks first (issue 26 §2: publishing and unpublishing
 * are changes an operator confirms, and the question names what changes). Cancel or Esc leave the switch as it was
 * and give focus back to it; the dialog stays open, saying `pendingLabel`, until the change has answered.
 *
 *   <ConfirmedSwitch label={`Published: ${page.title}`} checked={page.isPublished}
 *     confirmation={(isOn) => ({ title: isOn ? `Publish “${page.title}”?` : …, … })} onConfirm={(isOn) => save(page, isOn)} />
 */
import { useState } from 'react';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Switch } from '~/components/ui/switch';

export interface SwitchConfirmation {
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  /** Turning something off the public site gets the red button. */
  isDestructive?: boolean;
}

export function ConfirmedSwitch({
  label,
  checked,
  disabled = false,
  confirmation,
  onConfirm,
}: {
  /** The switch's accessible name ("Published: About us"). */
  label: string;
  checked: boolean;
  disabled?: boolean;
  /** The question for turning it on (`true`) or off (`false`). */
  confirmation(isOn: boolean): SwitchConfirmation;
  /** The change and its toasts. */
  onConfirm(isOn: boolean): Promise<unknown>;
}) {
  // The asked-for state stays set while the dialog closes, so the dialog keeps its words until it is gone.
  const [requested, setRequested] = useState<boolean | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [isPending, setIsPending] = useState(false);

  async function confirm(isOn: boolean) {
    setIsPending(true);
    try {
      await onConfirm(isOn);
    } finally {
      setIsPending(false);
      setIsOpen(false);
    }
  }

  return (
    <>
      <Switch
        checked={checked}
        aria-label={label}
        disabled={disabled || isPending}
        onCheckedChange={(isOn) => {
          setRequested(isOn);
          setIsOpen(true);
        }}
      />
      {requested !== null && (
        <ConfirmDialog
          open={isOpen}
          onOpenChange={setIsOpen}
          {...confirmation(requested)}
          isPending={isPending}
          onConfirm={() => void confirm(requested)}
        />
      )}
    </>
  );
}
