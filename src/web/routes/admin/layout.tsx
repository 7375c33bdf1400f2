/**
 * The layout of every /admin/* route (issue 26 §1): the admin frame around the gate of spec §2. An admin sees the
 * sections and the screen; a visitor sees the sign-in screen (or Access Denied where the route's
 * `handle.whenSignedOut` asks for it: Leads), a signed-in user Access Denied — in the frame without its sections.
 * The screens render inside the gate, so their queries never run for someone who may not see them.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Outlet, useMatches, useNavigate } from 'react-router';
import type { AdminRouteHandle } from '~/components/admin/admin-page';
import { AdminShell } from '~/components/admin/admin-shell';
import type { AdminCounts } from '~/components/admin/admin-sections';
import { ProtectedPage } from '~/features/accounts';
import { getAdminStatsQueryOptions } from '~/features/admin-stats';
import { useInboxUnreadCount } from '~/features/inbox/unread-count';
import { useAuth } from '~/lib/auth';

export default function AdminLayout() {
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  const matches = useMatches();
  const isAdmin = status === 'signed-in' && user?.isAdmin === true;
  const whenSignedOut = matches.some((match) => (match.handle as AdminRouteHandle | undefined)?.whenSignedOut === 'access-denied')
    ? 'access-denied'
    : 'sign-in';

  // The sidebar's live counts: one cheap aggregate the dashboard reads anyway, and the inbox's own unread count
  // (the inbox screen refreshes it when a message is read).
  const stats = useQuery({ ...getAdminStatsQueryOptions(), enabled: isAdmin });
  const unread = useInboxUnreadCount(isAdmin).data;
  const counts = useMemo<AdminCounts>(
    () => ({
      unreadInbox: unread ?? stats.data?.unreadInbox,
      pendingUsers: stats.data?.pendingUsers,
      unsyncedLeads: stats.data?.leads.unsyncedLast7Days,
    }),
    [unread, stats.data],
  );

  return (
    <AdminShell
      email={isAdmin ? user?.email : undefined}
      onSignOut={() => {
        signOut();
        void navigate('/login');
      }}
      counts={counts}
      // The frame is drawn with its sections while the session is checked (an admin sees no shift).
      showNavigation={status === 'loading' || isAdmin}
    >
      <ProtectedPage requireAdmin whenSignedOut={whenSignedOut}>
        <Outlet />
      </ProtectedPage>
    </AdminShell>
  );
}
