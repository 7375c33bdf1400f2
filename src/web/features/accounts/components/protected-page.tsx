/**
 * The gate of spec §2 around every signed-in and admin page: Loading while the stored token is checked, the
 * sign-in screen when nobody is signed in, Access Denied when admin is required and the user is not an admin.
 * The server renders the Loading state (the token lives in localStorage, docs/architecture.md §2); the browser decides.
 *
 *   <ProtectedPage requireAdmin>…admin screen…</ProtectedPage>
 *
 * The gate is what people see; the API enforces the same rules on every call (docs/architecture.md §5).
 */
import { Loader2Icon, ShieldAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { useAuth } from '~/lib/auth';
import { SignInForm } from './sign-in-form';

export interface ProtectedPageProps {
  requireAdmin?: boolean;
  /**
   * What a visitor who is not signed in sees: the sign-in screen (spec §2 gate), or Access Denied with a Sign In
   * button to /api-tester — spec §2 asks for that on Leads Management only.
   */
  whenSignedOut?: 'sign-in' | 'access-denied';
  children: ReactNode;
}

export function ProtectedPage({ requireAdmin = false, whenSignedOut = 'sign-in', children }: ProtectedPageProps) {
  const { status, user } = useAuth();
  if (status === 'loading') return <GateLoading />;
  if (!user) return whenSignedOut === 'sign-in' ? <SignInForm /> : <AccessDenied signedOut />;
  if (requireAdmin && !user.isAdmin) return <AccessDenied />;
  return <>{children}</>;
}

function GateLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-muted-foreground">
      <Loader2Icon aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      <span>Loading...</span>
    </div>
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
