import { CheckCircle2Icon, Trash2Icon, XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import type { UserBulkRequest } from '../../../../shared/schemas/accounts';
import { useBulkUsers } from '../api/bulk-users';
import { ConfirmDialog } from '~/components/confirm-dialog';
import type { DataTableSelection } from '~/components/data-table';
import { Button } from '~/components/ui/button';
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
 * Issue 10 §6: the users' bulk actions in the DataTable's bar — Approve / Revoke approval / Delete behind a
 * confirmation that says how many, and a toast with the result; the users it could not change stay selected.
 */
export function UsersBulkActions({ selection, currentUserId }: { selection: DataTableSelection; currentUserId: number | undefined }) {
  const [pending, setPending] = useState<BulkAction>('approve');
  const [isConfirming, setIsConfirming] = useState(false);
  const bulk = useBulkUsers();
  const count = selection.ids.size;
  const includesSelf = currentUserId !== undefined && selection.ids.has(String(currentUserId));

  function ask(action: BulkAction) {
    setPending(action);
    setIsConfirming(true);
  }

  function run(action: BulkAction) {
    bulk.mutate(
      { action, ids: [...selection.ids].map(Number) },
      {
        onSuccess: ({ done, failed }) => {
          setIsConfirming(false);
          selection.set(failed.map((failure) => String(failure.id)));
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
      <Button size="sm" variant="outline" onClick={() => ask('approve')}>
        <CheckCircle2Icon aria-hidden="true" /> Approve
      </Button>
      <Button size="sm" variant="outline" onClick={() => ask('revoke')}>
        <XCircleIcon aria-hidden="true" /> Revoke approval
      </Button>
      <Button size="sm" variant="destructive" onClick={() => ask('delete')}>
        <Trash2Icon aria-hidden="true" /> Delete
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={ACTIONS[pending].title(count)}
        description={`${ACTIONS[pending].description}${includesSelf && pending !== 'approve' ? ' Your own account is in the selection and will not be changed.' : ''}`}
        confirmLabel={`${ACTIONS[pending].verb} ${plural(count)}`}
        pendingLabel="Working..."
        isPending={bulk.isPending}
        isDestructive={pending === 'delete'}
        onConfirm={() => run(pending)}
      />
    </>
  );
}
