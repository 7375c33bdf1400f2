import { CheckCircle2Icon, Trash2Icon, XCircleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { User, UserBulkRequest } from '../../../../shared/schemas/accounts';
import { useBulkUsers } from '../api/bulk-users';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog';
import { Button, buttonVariants } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { serverErrorText } from '~/lib/api-client';
import { toast } from '~/lib/toast';

type BulkAction = UserBulkRequest['action'];

const plural = (count: number) => `${count} ${count === 1 ? 'user' : 'users'}`;

const ACTIONS: Record<BulkAction, { verb: string; done: string; title: (count: number) => string; description: string }> = {
  approve: {
    verb: 'Approve',
    done: 'approved',
    title: (count) => `Approve ${plural(count)}?`,
    description: 'They can sign in at once and are told so by e-mail.',
  },
  revoke: {
    verb: 'Revoke approval',
    done: 'had their approval revoked',
    title: (count) => `Revoke approval of ${plural(count)}?`,
    description: 'They are signed out and cannot sign in until approved again. Your own account is skipped.',
  },
  delete: {
    verb: 'Delete',
    done: 'deleted',
    title: (count) => `Delete ${plural(count)}?`,
    description: 'This cannot be undone. Your own account and the last admin are skipped.',
  },
};

/**
 * Issue 10 §6: the bulk bar over the users list — a "select all on this page" box (the only one on phones, where
 * the table's header is hidden), the count selected, Approve / Revoke approval / Delete behind a confirmation
 * that says how many, and a toast with the result.
 */
export function UsersBulkBar({
  users,
  selectedIds,
  currentUserId,
  onSelectionChange,
}: {
  users: User[];
  selectedIds: ReadonlySet<number>;
  currentUserId: number | undefined;
  onSelectionChange(ids: ReadonlySet<number>): void;
}) {
  const [pending, setPending] = useState<BulkAction | null>(null);
  const selectAllId = useId();
  const bulk = useBulkUsers();
  const count = selectedIds.size;
  const selectedOnPage = users.filter((user) => selectedIds.has(user.id)).length;
  const allState = selectedOnPage === 0 ? false : selectedOnPage === users.length ? true : 'indeterminate';
  const includesSelf = currentUserId !== undefined && selectedIds.has(currentUserId);

  function run(action: BulkAction) {
    bulk.mutate(
      { action, ids: [...selectedIds] },
      {
        onSuccess: ({ done, failed }) => {
          setPending(null);
          onSelectionChange(new Set(failed.map((failure) => failure.id)));
          if (done.length > 0) toast.success(`${plural(done.length)} ${ACTIONS[action].done}`);
          if (failed.length > 0) {
            const reasons = [...new Set(failed.map((failure) => failure.error))].join(' ');
            toast.error(`${plural(failed.length)} not changed`, { description: reasons });
          }
        },
        onError: (error) => toast.error('Bulk action failed', { description: serverErrorText(error) ?? 'Please try again.' }),
      },
    );
  }

  return (
    <>
      <div
        role="region"
        aria-label="Bulk actions"
        className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-muted/40 px-3 py-2"
        data-testid="users-bulk-bar"
      >
        <span className="flex items-center gap-2 text-sm md:hidden">
          <Checkbox
            id={selectAllId}
            checked={allState}
            onCheckedChange={() => onSelectionChange(allState === true ? new Set() : new Set(users.map((user) => user.id)))}
          />
          <label htmlFor={selectAllId}>Select all</label>
        </span>
        <span className="text-sm font-medium" aria-live="polite" data-testid="users-selected-count">
          {count === 0 ? 'Select users for bulk actions' : `${plural(count)} selected`}
        </span>
        {count > 0 && (
          <span className="flex flex-wrap gap-2 sm:ml-auto">
            <Button size="sm" variant="outline" onClick={() => setPending('approve')}>
              <CheckCircle2Icon aria-hidden="true" /> Approve
            </Button>
            <Button size="sm" variant="outline" onClick={() => setPending('revoke')}>
              <XCircleIcon aria-hidden="true" /> Revoke approval
            </Button>
            <Button size="sm" variant="destructive" onClick={() => setPending('delete')}>
              <Trash2Icon aria-hidden="true" /> Delete
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onSelectionChange(new Set())}>
              Clear
            </Button>
          </span>
        )}
      </div>
      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && !bulk.isPending && setPending(null)}>
        <AlertDialogContent>
          {pending && (
            <>
              <AlertDialogHeader>
                <AlertDialogTitle>{ACTIONS[pending].title(count)}</AlertDialogTitle>
                <AlertDialogDescription>
                  {ACTIONS[pending].description}
                  {includesSelf && pending !== 'approve' && ' Your own account is in the selection and will not be changed.'}
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel disabled={bulk.isPending}>Cancel</AlertDialogCancel>
                <AlertDialogAction
                  disabled={bulk.isPending}
                  className={pending === 'delete' ? buttonVariants({ variant: 'destructive' }) : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    run(pending);
                  }}
                >
                  {bulk.isPending ? 'Working...' : `${ACTIONS[pending].verb} ${plural(count)}`}
                </AlertDialogAction>
              </AlertDialogFooter>
            </>
          )}
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
