/**
 * The Security page's list of signed-in devices (issue 36 item 6; decision 0051): each with its device, country,
 * when it signed in and was last active, "This device" on the current one; "Sign out" per device and "Sign out of
 * all other devices", each asking first. Signing this device out is signing out: the page goes to sign-in.
 * When a row's button is gone after its device was signed out, focus moves to the list's heading.
 */
import { AlertTriangleIcon, LaptopIcon, LogOutIcon, ShieldCheckIcon, SmartphoneIcon, TabletIcon } from 'lucide-react';
import { useState } from 'react';
import { formatRelativeTime } from '../../../../shared/format';
import type { Session } from '../../../../shared/schemas/sessions';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { serverMessageOr } from '~/lib/api-client';
import { useSignOutToLogin } from '~/lib/auth';
import { useFocusHeadingAfterRemoval } from '~/lib/focus-heading-after-removal';
import { toast } from '~/lib/toast';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function DeviceIcon({ device }: { device: string }) {
  const Icon = /iPhone|Android/.test(device) ? SmartphoneIcon : /iPad/.test(device) ? TabletIcon : LaptopIcon;
  return <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />;
}

export function SessionsCard() {
  const sessionsQuery = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const signOutToLogin = useSignOutToLogin();
  const [sessionToEnd, setSessionToEnd] = useState<Session | null>(null);
  const [isEndOthersOpen, setIsEndOthersOpen] = useState(false);
  const { headingRef, openerRemoved, onCloseAutoFocus } = useFocusHeadingAfterRemoval();
  const sessions = sessionsQuery.data?.sessions ?? [];
  const otherCount = sessions.filter((session) => !session.isCurrent).length;

  function confirmEnd(session: Session) {
    endSession.mutate(session.id, {
      onSuccess: () => {
        if (session.isCurrent) {
          void signOutToLogin();
          return;
        }
        openerRemoved();
        setSessionToEnd(null);
        toast.success('Signed out', { description: `${session.device} is signed out.` });
      },
      onError: (error) => toast.error('Error', { description: serverMessageOr(error, 'Failed to sign out the device') }),
    });
  }

  function confirmEndOthers() {
    endOthers.mutate(undefined, {
      onSuccess: () => {
        openerRemoved();
        setIsEndOthersOpen(false);
        toast.success('Signed out', { description: 'Every other device is signed out.' });
      },
      onError: (error) => toast.error('Error', { description: serverMessageOr(error, 'Failed to sign out the other devices') }),
    });
  }

  return (
    <Card role="region" aria-labelledby="sessions-heading">
      <CardHeader>
        <CardTitle>
          <h2 id="sessions-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            Where you&apos;re signed in
          </h2>
        </CardTitle>
        <CardDescription>
          Every device signed in to your account. Sign out a device you don&apos;t recognise, then change your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <SessionList
          query={sessionsQuery}
          sessions={sessions}
          onEnd={setSessionToEnd}
        />
      </CardContent>
      {sessionsQuery.isSuccess && (
        <CardFooter className="flex flex-col items-stretch gap-2 border-t sm:flex-row sm:items-center sm:justify-between">
          {otherCount > 0 ? (
            <>
              <p className="text-sm text-muted-foreground">
                {otherCount === 1 ? '1 other device is' : `${otherCount} other devices are`} signed in.
              </p>
              <Button variant="outline" onClick={() => setIsEndOthersOpen(true)}>
                <LogOutIcon aria-hidden="true" /> Sign out of all other devices
              </Button>
            </>
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <ShieldCheckIcon aria-hidden="true" className="size-4" /> No other device is signed in.
            </p>
          )}
        </CardFooter>
      )}

      <ConfirmDialog
        open={sessionToEnd !== null}
        onOpenChange={(open) => {
          if (!open) setSessionToEnd(null);
        }}
        title={sessionToEnd?.isCurrent ? 'Sign out of this device?' : `Sign out ${sessionToEnd?.device ?? ''}?`}
        description={
          sessionToEnd?.isCurrent
            ? 'You will go to the sign-in page and need your password to come back.'
            : 'That device is signed out at once and needs the password to sign in again.'
        }
        confirmLabel="Sign out"
        pendingLabel="Signing out..."
        isPending={endSession.isPending}
        isDestructive
        onConfirm={() => {
          if (sessionToEnd) confirmEnd(sessionToEnd);
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <ConfirmDialog
        open={isEndOthersOpen}
        onOpenChange={setIsEndOthersOpen}
        title={`Sign out of ${otherCount === 1 ? '1 other device' : `${otherCount} other devices`}?`}
        description="Every device but this one is signed out at once and needs the password to sign in again."
        confirmLabel="Sign out other devices"
        pendingLabel="Signing out..."
        isPending={endOthers.isPending}
        isDestructive
        onConfirm={confirmEndOthers}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </Card>
  );
}

function SessionList({
  query,
  sessions,
  onEnd,
}: {
  query: ReturnType<typeof useSessions>;
  sessions: Session[];
  onEnd(session: Session): void;
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading sessions..." className="flex flex-col gap-3 py-2">
        {[0, 1].map((index) => (
          <div key={index} className="flex items-center gap-3">
            <Skeleton className="size-5" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-56" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
        <p className="font-semibold">Error loading sessions: {query.error.message}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (sessions.length === 0) {
    return <p className="py-8 text-center text-muted-foreground">No device is signed in.</p>;
  }
  // This device first, then the others newest first (the API's order).
  const ordered = [...sessions].sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
  return (
    <ul aria-label="Signed-in devices" className="flex flex-col divide-y">
      {ordered.map((session) => (
        <SessionRow key={session.id} session={session} onEnd={onEnd} />
      ))}
    </ul>
  );
}

function SessionRow({ session, onEnd }: { session: Session; onEnd(session: Session): void }) {
  const country = countryName(session.country);
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center" aria-label={session.device + (session.isCurrent ? ', this device' : '')}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <DeviceIcon device={session.device} />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {session.device}
            {session.isCurrent && <Badge variant="secondary">This device</Badge>}
          </p>
          <p className="text-sm text-muted-foreground">
            {[country, `Signed in ${dateFormat.format(new Date(session.createdAt))}`].filter(Boolean).join(' · ')}
          </p>
          <p className="text-sm text-muted-foreground">
            {session.isCurrent ? 'Active now' : `Last active ${formatRelativeTime(session.lastSeenAt)}`}
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="ml-8 self-start sm:ml-0 sm:self-center"
        aria-label={session.isCurrent ? 'Sign out of this device' : `Sign out ${session.device}`}
        onClick={() => onEnd(session)}
      >
        Sign out
      </Button>
    </li>
  );
}

