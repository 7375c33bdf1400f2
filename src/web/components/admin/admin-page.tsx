/**
 * The page header of every /admin/* screen inside the admin frame: a one-line breadcrumb (Admin Dashboard / the
 * screen — spec §2's link back to /admin, without a back button of its own: issue 37 §12), the spec's heading,
 * then the screen. The gate and the frame live in the layout route (routes/admin/layout.tsx); the
 * document title comes from the route's `meta = adminMeta(...)`, so the server-rendered HTML has it.
 *
 *   export const meta = adminMeta(pageTitle('Jots Management'));
 *   export default () => <AdminPage title="Jots Management"><JotsScreen /></AdminPage>;
 *
 * The screen's header buttons go into the heading through <AdminPageActions>.
 */
import { createContext, type ReactNode, useContext, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, type MetaDescriptor } from 'react-router';
import { PageHeader } from '~/components/page-header';

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
  showBreadcrumb = true,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Every admin page but the dashboard itself. */
  showBreadcrumb?: boolean;
  children?: ReactNode;
}) {
  const [actionsSlot, setActionsSlot] = useState<HTMLElement | null>(null);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-4 sm:px-6 sm:py-6">
      <div className="flex flex-col gap-1">
        {showBreadcrumb && (
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
              <li>
                <Link to="/admin" className="rounded-sm underline-offset-4 hover:text-foreground hover:underline focus-visible:underline">
                  Admin Dashboard
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="truncate">
                {title}
              </li>
            </ol>
          </nav>
        )}
        <PageHeader title={title} description={description} actionsRef={setActionsSlot} />
      </div>
      <ActionsSlot.Provider value={actionsSlot}>{children}</ActionsSlot.Provider>
    </div>
  );
}

/** The screen's buttons beside the page heading (Refresh, Add …). */
export function AdminPageActions({ children }: { children: ReactNode }) {
  const slot = useContext(ActionsSlot);
  return slot ? createPortal(children, slot) : null;
}
