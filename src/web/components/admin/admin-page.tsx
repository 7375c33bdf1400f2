/**
 * The page header of every /admin/* screen inside the admin frame: the back link to the dashboard, the spec's
 * heading, then the screen. The gate and the frame live in the layout route (routes/admin/layout.tsx); the
 * document title comes from the route's `meta = adminMeta(...)`, so the server-rendered HTML has it.
 *
 *   export const meta = adminMeta(pageTitle('Jots Management'));
 *   export default () => <AdminPage title="Jots Management"><JotsScreen /></AdminPage>;
 *
 * The screen's header buttons go into the heading through <AdminPageActions>.
 */
import { ArrowLeftIcon } from 'lucide-react';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, type MetaDescriptor } from 'react-router';
import { PageHeader } from '~/components/page-header';
import { Button } from '~/components/ui/button';

/** Admin pages are not for search engines: a title, an optional description, and noindex. */
export function adminMeta(title: string, description?: string): () => MetaDescriptor[] {
  return () => [
    { title },
    ...(description ? [{ name: 'description', content: description }] : []),
    { name: 'robots', content: 'noindex' },
  ];
}

/** What an admin route may declare in `export const handle` (read by the layout's gate). */
export interface AdminRouteHandle {
  /** Spec §2: a visitor sees the sign-in screen, except on Leads (Access Denied with a Sign In button). */
  whenSignedOut?: 'sign-in' | 'access-denied';
}

const ActionsSlot = createContext<HTMLElement | null>(null);

export function AdminPage({
  title,
  description,
  showBackLink = true,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Every admin page links back to the dashboard, except the dashboard itself. */
  showBackLink?: boolean;
  children?: ReactNode;
}) {
  const [actionsSlot, setActionsSlot] = useState<HTMLElement | null>(null);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      {showBackLink && (
        <Button asChild variant="ghost" size="sm" className="-ml-2 self-start">
          <Link to="/admin">
            <ArrowLeftIcon aria-hidden="true" /> Admin Dashboard
          </Link>
        </Button>
      )}
      <PageHeader title={title} description={description} actionsRef={setActionsSlot} />
      <ActionsSlot.Provider value={actionsSlot}>{children}</ActionsSlot.Provider>
    </div>
  );
}

/** The screen's buttons beside the page heading (Refresh, Add …). */
export function AdminPageActions({ children }: { children: ReactNode }) {
  const slot = useContext(ActionsSlot);
  return slot ? createPortal(children, slot) : null;
}
