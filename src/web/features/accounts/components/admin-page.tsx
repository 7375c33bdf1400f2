/**
 * The one shell of every /admin/* page: the admin gate (spec §2), the back link to the dashboard, the page heading,
 * then the screen. The document title comes from the route's `meta = adminMeta(...)`, so the server-rendered HTML
 * has it before the gate decides in the browser.
 *
 *   export const meta = adminMeta(pageTitle('Jots Management'));
 *   export default () => <AdminPage title="Jots Management"><JotsScreen /></AdminPage>;
 *
 * The screen renders inside the gate, so its queries never run for a visitor who may not see it; its header
 * buttons go into the heading through <AdminPageActions>.
 */
import { ArrowLeftIcon } from 'lucide-react';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, type MetaDescriptor } from 'react-router';
import { PageHeader } from '~/components/page-header';
import { Button } from '~/components/ui/button';
import { ProtectedPage, type ProtectedPageProps } from './protected-page';

/** Admin pages are not for search engines: a title, an optional description, and noindex. */
export function adminMeta(title: string, description?: string): () => MetaDescriptor[] {
  return () => [
    { title },
    ...(description ? [{ name: 'description', content: description }] : []),
    { name: 'robots', content: 'noindex' },
  ];
}

const ActionsSlot = createContext<HTMLElement | null>(null);

export function AdminPage({
  title,
  description,
  showBackLink = true,
  whenSignedOut,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Every admin page links back to the dashboard, except the dashboard itself. */
  showBackLink?: boolean;
  whenSignedOut?: ProtectedPageProps['whenSignedOut'];
  children?: ReactNode;
}) {
  const [actionsSlot, setActionsSlot] = useState<HTMLElement | null>(null);
  return (
    <ProtectedPage requireAdmin whenSignedOut={whenSignedOut}>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-14">
        {showBackLink && (
          <Button asChild variant="ghost" size="sm" className="self-start">
            <Link to="/admin">
              <ArrowLeftIcon aria-hidden="true" /> Admin Dashboard
            </Link>
          </Button>
        )}
        <PageHeader title={title} description={description} actionsRef={setActionsSlot} />
        <ActionsSlot.Provider value={actionsSlot}>{children}</ActionsSlot.Provider>
      </div>
    </ProtectedPage>
  );
}

/** The screen's buttons beside the page heading (Refresh, Add …), rendered from inside the gate. */
export function AdminPageActions({ children }: { children: ReactNode }) {
  const slot = useContext(ActionsSlot);
  return slot ? createPortal(children, slot) : null;
}

/** A screen that a later release builds: one honest line instead of controls that do nothing. */
export function ComingSoon({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">{children}</p>;
}
