import { Loader2Icon } from 'lucide-react';
import type { User } from '../../../../shared/schemas/accounts';
import { Badge } from '~/components/ui/badge';

/**
 * Spec §4: clicking the status badge toggles approval, clicking the role badge toggles admin. They are real buttons
 * whose accessible name starts with what they show (WCAG 2.5.3) and says what a click does.
 */
function BadgeButton({
  label,
  actionLabel,
  variant,
  isBusy,
  onClick,
}: {
  label: string;
  actionLabel: string;
  variant: 'success' | 'warning' | 'default' | 'secondary';
  isBusy: boolean;
  onClick(): void;
}) {
  return (
    <Badge asChild variant={variant}>
      <button
        type="button"
        onClick={onClick}
        disabled={isBusy}
        aria-label={`${label}: ${actionLabel}`}
        title={actionLabel}
        className="min-h-7 cursor-pointer px-2.5 hover:opacity-90 disabled:cursor-wait disabled:opacity-70"
      >
        {isBusy && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
        {label}
      </button>
    </Badge>
  );
}

export function StatusBadgeButton({ user, isBusy, onToggle }: { user: User; isBusy: boolean; onToggle(): void }) {
  return user.isApproved ? (
    <BadgeButton label="Approved" actionLabel={`revoke approval of ${user.username}`} variant="success" isBusy={isBusy} onClick={onToggle} />
  ) : (
    <BadgeButton label="Pending" actionLabel={`approve ${user.username}`} variant="warning" isBusy={isBusy} onClick={onToggle} />
  );
}

export function RoleBadgeButton({ user, isBusy, onToggle }: { user: User; isBusy: boolean; onToggle(): void }) {
  return user.isAdmin ? (
    <BadgeButton label="Admin" actionLabel={`make ${user.username} a regular user`} variant="default" isBusy={isBusy} onClick={onToggle} />
  ) : (
    <BadgeButton label="User" actionLabel={`make ${user.username} an admin`} variant="secondary" isBusy={isBusy} onClick={onToggle} />
  );
}
