import { LogOutIcon, ShieldIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/utils';

/** The signed-in person's end of a header (the site's and the admin's): their address from 1024 px, Security, Sign Out. */
export function AccountActions({
  email,
  securityPath,
  onSignOut,
  emailClassName,
  emailTestId,
}: {
  email: string | undefined;
  securityPath: string;
  onSignOut(): void;
  /** How wide the address may grow before it is cut short ("max-w-56"). */
  emailClassName: string;
  emailTestId?: string;
}) {
  return (
    <>
      <span
        className={cn('hidden truncate text-sm text-muted-foreground lg:inline', emailClassName)}
        title={email}
        data-testid={emailTestId}
      >
        {email}
      </span>
      <Button asChild variant="ghost" size="sm">
        <Link to={securityPath}>
          <ShieldIcon aria-hidden="true" /> Security
        </Link>
      </Button>
      <Button variant="outline" size="sm" onClick={onSignOut}>
        <LogOutIcon aria-hidden="true" /> Sign Out
      </Button>
    </>
  );
}
