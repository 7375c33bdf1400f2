import { Link } from 'react-router';
import { SignInForm } from '~/features/accounts';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '~/components/ui/card';
import { useAuth } from '~/lib/auth';
import { originFromMatches, seo } from '~/lib/seo';
import { can, roleOfUser } from '../../shared/permissions';

const isStaff = (user: Parameters<typeof roleOfUser>[0]) => can(roleOfUser(user), 'admin.enter');
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    // Spec §2: the sign-in screen's title is 'Sign In'.
    title: 'Sign In',
    description: 'Sign in to JotIt, create an account, or reset your password.',
    path: '/login',
    origin: originFromMatches(matches),
  });

export default function LoginPage() {
  const { status, user } = useAuth();
  // Someone already signed in who opens /login (a bookmark, the back button) gets somewhere useful.
  if (status === 'signed-in' && user) {
    return (
      <section className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-bold tracking-tight">You&apos;re signed in</h1>
            <CardDescription>
              Signed in as <strong className="text-foreground">{user.email}</strong>.
            </CardDescription>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            Use the Sign Out button in the navigation bar to switch accounts.
          </CardContent>
          <CardFooter className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={isStaff(user) ? '/admin' : '/overview'}>{isStaff(user) ? 'Admin Dashboard' : 'Go to Overview'}</Link>
            </Button>
          </CardFooter>
        </Card>
      </section>
    );
  }
  return <SignInForm navigateAfterSignIn />;
}
