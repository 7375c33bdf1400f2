/**
 * The Security page's passkeys (decision 0057): each with the name its owner gave it, when it was added and last
 * used; "Add a passkey" names it, then opens the browser's passkey prompt; rename in place; remove after asking.
 * When a removed row's button is gone, focus moves to the card's heading.
 */
import { AlertTriangleIcon, KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatRelativeTime } from '../../../../shared/format';
import { type Passkey, PASSKEY_NAME_MAX, PasskeyNameSchema } from '../../../../shared/schemas/passkeys';
import { useAddPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/get-passkeys';
import { useRemovePasskey } from '../api/remove-passkey';
import { useRenamePasskey } from '../api/rename-passkey';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Skeleton } from '~/components/ui/skeleton';
import { serverMessageOr } from '~/lib/api-client';
import { useFocusHeadingAfterRemoval } from '~/lib/focus-heading-after-removal';
import { toast } from '~/lib/toast';
import { isPasskeyCancelled, usePasskeySupport } from '~/lib/webauthn';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function PasskeysCard() {
  const passkeysQuery = usePasskeys();
  const removePasskey = useRemovePasskey();
  const [passkeyToRemove, setPasskeyToRemove] = useState<Passkey | null>(null);
  const isSupported = usePasskeySupport() !== false;
  const { headingRef, openerRemoved, onCloseAutoFocus } = useFocusHeadingAfterRemoval();
  const passkeys = passkeysQuery.data?.passkeys ?? [];

  function confirmRemove(passkey: Passkey) {
    removePasskey.mutate(passkey.id, {
      onSuccess: () => {
        openerRemoved();
        setPasskeyToRemove(null);
        toast.success('Passkey removed', { description: `“${passkey.name}” no longer signs in to your account.` });
      },
      onError: (error) => toast.error('Error', { description: serverMessageOr(error, 'Failed to remove the passkey') }),
    });
  }

  return (
    <Card role="region" aria-labelledby="passkeys-heading">
      <CardHeader>
        <CardTitle>
          <h2 id="passkeys-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            Passkeys
          </h2>
        </CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock instead of a password. A passkey also counts as the second
          step after your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-4 sm:px-6">
        <PasskeyList query={passkeysQuery} passkeys={passkeys} onRemove={setPasskeyToRemove} />
      </CardContent>
      <CardFooter className="border-t">
        {isSupported ? (
          <AddPasskeyForm suggestedName={passkeys.length === 0 ? 'My passkey' : `Passkey ${passkeys.length + 1}`} />
        ) : (
          <p className="text-sm text-muted-foreground">This browser cannot make passkeys.</p>
        )}
      </CardFooter>
      <ConfirmDialog
        open={passkeyToRemove !== null}
        onOpenChange={(open) => {
          if (!open) setPasskeyToRemove(null);
        }}
        title={`Remove “${passkeyToRemove?.name ?? ''}”?`}
        description="It no longer signs in to your account. Remove it from the device's password manager too."
        confirmLabel="Remove passkey"
        pendingLabel="Removing..."
        isPending={removePasskey.isPending}
        isDestructive
        onConfirm={() => {
          if (passkeyToRemove) confirmRemove(passkeyToRemove);
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </Card>
  );
}

function AddPasskeyForm({ suggestedName }: { suggestedName: string }) {
  const addPasskey = useAddPasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = PasskeyNameSchema.safeParse(name || suggestedName);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Name is required');
      return;
    }
    setError(null);
    try {
      const passkey = await addPasskey.mutateAsync(parsed.data);
      setName('');
      toast.success('Passkey added', { description: `“${passkey.name}” signs in to your account from now on.` });
    } catch (caught) {
      setError(isPasskeyCancelled(caught) ? 'No passkey was made. Try again when you are ready.' : serverMessageOr(caught, 'Failed to add the passkey'));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add a passkey" className="flex w-full flex-col gap-2">
      <Label htmlFor="new-passkey-name">Name of the new passkey</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="new-passkey-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={suggestedName}
          maxLength={PASSKEY_NAME_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'new-passkey-error' : undefined}
          className="sm:flex-1"
        />
        <Button type="submit" disabled={addPasskey.isPending}>
          <PlusIcon aria-hidden="true" /> {addPasskey.isPending ? 'Waiting for your passkey...' : 'Add a passkey'}
        </Button>
      </div>
      {error && (
        <p id="new-passkey-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

function PasskeyList({
  query,
  passkeys,
  onRemove,
}: {
  query: ReturnType<typeof usePasskeys>;
  passkeys: Passkey[];
  onRemove(passkey: Passkey): void;
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading passkeys..." className="flex flex-col gap-2 py-2">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-3 w-56" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
        <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
        <p className="font-semibold">Error loading passkeys: {query.error.message}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (passkeys.length === 0) return <p className="text-sm text-muted-foreground">No passkey yet.</p>;
  return (
    <ul aria-label="Your passkeys" className="flex flex-col divide-y">
      {passkeys.map((passkey) => (
        <PasskeyRow key={passkey.id} passkey={passkey} onRemove={onRemove} />
      ))}
    </ul>
  );
}

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove(passkey: Passkey): void }) {
  const renamePasskey = useRenamePasskey();
  const [isRenaming, setIsRenaming] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const renameButtonRef = useRef<HTMLButtonElement>(null);
  const nameInputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (isRenaming) nameInputRef.current?.select();
  }, [isRenaming]);
  const inputId = `passkey-name-${passkey.id}`;

  function stopRenaming() {
    setIsRenaming(false);
    setError(null);
    setName(passkey.name);
    // Back to the button that opened the field, once it is there again.
    requestAnimationFrame(() => renameButtonRef.current?.focus());
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const parsed = PasskeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Name is required');
      return;
    }
    try {
      await renamePasskey.mutateAsync({ id: passkey.id, name: parsed.data });
      toast.success('Passkey renamed', { description: `It is now “${parsed.data}”.` });
      setIsRenaming(false);
      requestAnimationFrame(() => renameButtonRef.current?.focus());
    } catch (caught) {
      setError(serverMessageOr(caught, 'Failed to rename the passkey'));
    }
  }

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center" aria-label={passkey.name}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <KeyRoundIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        {isRenaming ? (
          <form onSubmit={(event) => void save(event)} noValidate aria-label={`Rename ${passkey.name}`} className="flex min-w-0 flex-1 flex-col gap-2">
            <Label htmlFor={inputId}>New name</Label>
            <Input
              id={inputId}
              ref={nameInputRef}
              value={name}
              maxLength={PASSKEY_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') stopRenaming();
              }}
              aria-invalid={error ? true : undefined}
            />
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={renamePasskey.isPending}>
                Save
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={stopRenaming}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex min-w-0 flex-col gap-1">
            <p className="break-words font-medium">{passkey.name}</p>
            <p className="text-sm text-muted-foreground">
              Added {dateFormat.format(new Date(passkey.createdAt))} ·{' '}
              {passkey.lastUsedAt ? `Last used ${formatRelativeTime(passkey.lastUsedAt)}` : 'Not used yet'}
            </p>
          </div>
        )}
      </div>
      {!isRenaming && (
        <div className="ml-8 flex gap-2 self-start sm:ml-0 sm:self-center">
          <Button ref={renameButtonRef} variant="outline" size="sm" aria-label={`Rename ${passkey.name}`} onClick={() => setIsRenaming(true)}>
            Rename
          </Button>
          <Button variant="outline" size="sm" aria-label={`Remove ${passkey.name}`} onClick={() => onRemove(passkey)}>
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}
