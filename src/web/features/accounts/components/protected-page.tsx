/**
 * The gate of spec §2 around every signed-in and admin page: Loading while the stored token is checked, the
 * sign-in screen when nobody is signed in, Access Denied when the page needs a permission the user's role lacks
 * (decision 0050): the spec's texts for someone who is not staff, "You don't have access to …" for a staff member
 * whose role does not include this screen.
 * The server renders the Loading state (the token lives in localStorage, docs/architecture.md §2); the browser decides.
 *
 *   <ProtectedPage permission="leads.read" area="Leads">…admin screen…</ProtectedPage>
 *
 * The gate is what people see; the API enforces the same rules on every call (docs/architecture.md §5).
 */
import { Loader2Icon, LockIcon, ShieldAlertIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { NeedsJavaScript } from '~/components/needs-javascript';
import { Button } from '~/components/ui/button';
import { useAuth } from '~/lib/auth';
import { can, roleOfUser, type Permission } from '../../../../shared/permissions';

/**
 * The sign-in screen loads only when someone signed out opens a gated page: a signed-in operator never runs it, and
 * its code (captcha, passkeys, second factor) stayed out of every admin screen's first JavaScript (issue 26's 250 KB).
 */
const SignInForm = lazy(() => import('./sign-in-form').then((module) => ({ default: module.SignInForm })));

export interface ProtectedPageProps {
  /** What the page needs (src/shared/permissions.ts); none: any signed-in user. */
  permission?: Permission;
  /** The screen's name, for "You don't have access to …". */
  area?: string;
  /**
   * What a visitor who is not signed in sees: the sign-in screen (spec §2 gate), or Access Denied with a Sign In
   * button to /api-tester — spec §2 asks for that on Leads Management only.
   */
  whenSignedOut?: 'sign-in' | 'access-denied';
  children: ReactNode;
}

export function ProtectedPage({ permission, area, whenSignedOut = 'sign-in', children }: ProtectedPageProps) {
  const { status, user } = useAuth();
  if (status === 'loading') return <GateLoading />;
  if (!user) {
    return whenSignedOut === 'sign-in' ? (
      <Suspense fallback={<GateLoading />}>
        <SignInForm />
      </Suspense>
    ) : (
      <AccessDenied signedOut />
    );
  }
  const role = roleOfUser(user);
  if (permission && !can(role, permission)) return can(role, 'admin.enter') ? <NoAccess area={area} /> : <AccessDenied />;
  return <>{children}</>;
}

/** A staff member on a screen their role does not include (opened by URL or an old link). */
function NoAccess({ area }: { area?: string }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <LockIcon aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-bold tracking-tight">You don&apos;t have access to {area ?? 'this page'}</h1>
      <p className="text-muted-foreground">Your role does not include this screen. An owner or admin can change your role.</p>
      <Button asChild>
        <Link to="/admin">Go to the dashboard</Link>
      </Button>
    </section>
  );
}

function GateLoading() {
  return (
    <>
      {/* Without JavaScript the token is never read: say so, not Loading for ever. */}
      <NeedsJavaScript hides="[data-gate-loading]" className="px-4 py-16" />
      <div role="status" data-gate-loading="" className="flex min-h-[50vh] items-center justify-center gap-3 text-muted-foreground">
        <Loader2Icon aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        <span>Loading...</span>
      </div>
    </>
  );
}

export function AccessDenied({ signedOut = false }: { signedOut?: boolean }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <ShieldAlertIcon aria-hidden="true" className="size-12 text-destructive" />
      <h1 className="text-2xl font-bold tracking-tight">Access Denied</h1>
      <p className="text-muted-foreground">You don&apos;t have permission to access this page.</p>
      <p className="text-muted-foreground">Only administrators can access admin pages.</p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        {signedOut ? (
          <Button asChild>
            <Link to="/api-tester">Sign In</Link>
          </Button>
        ) : (
          <Button asChild>
            <Link to="/overview">Go to Overview</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </section>
  );
}
