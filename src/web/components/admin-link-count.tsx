/** The count beside an admin menu link (unread inbox messages); nothing when zero or unknown. */
export function AdminLinkCount({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground tabular-nums" data-testid="admin-link-count">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
