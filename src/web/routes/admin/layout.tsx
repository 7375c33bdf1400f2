/**
 * The layout of every /admin/* route (issue 26 §1): the admin frame around the gate of spec §2. Staff see the
 * sections their role may open (decision 0050) and the screen, or "You don't have access to …" on one it may not; a visitor sees the sign-in screen (or Access Denied where the route's
 * `handle.whenSignedOut` asks for it: Leads), a signed-in user Access Denied — in the frame without its sections.
 * The screens render inside the gate, so their queries never run for someone who may not see them. Staff whom
 * REQUIRE_STAFF_MFA holds back are sent to the Security page to set up two-step sign-in (decision 0053).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { can, roleOfUser } from '../../../shared/permissions';
import type { AdminRouteHandle } from '~/components/admin/admin-page';
import { AdminShell } from '~/components/admin/admin-shell';
import { adminSectionGroupsFor, currentAdminSection, type AdminCounts } from '~/components/admin/admin-sections';
import { RECORD_KINDS } from '~/components/admin/record-search';
import { ProtectedPage } from '~/features/accounts/gate';
import { getAdminStatsQueryOptions } from '~/features/admin-stats';
import { useInboxUnreadCount } from '~/features/inbox/unread-count';
import { getSecondFactorQueryOptions } from '~/features/second-factor/status';
import { useAuth, useSignOutToLogin } from '~/lib/auth';

export default function AdminLayout() {
  const { status, user } = useAuth();
  const signOutToLogin = useSignOutToLogin();
  const navigate = useNavigate();
  const matches = useMatches();
  const location = useLocation();
  const role = status === 'signed-in' ? roleOfUser(user) : null;
  const isStaff = can(role, 'admin.enter');
  const section = currentAdminSection(location.pathname);
  const sectionGroups = useMemo(() => adminSectionGroupsFor(role), [role]);
  const recordKinds = useMemo(
    () => RECORD_KINDS.filter((kind) => can(role, kind === 'Lead' ? 'leads.read' : kind === 'Post' ? 'posts.write' : 'users.approve')),
    [role],
  );
  const whenSignedOut = matches.some((match) => (match.handle as AdminRouteHandle | undefined)?.whenSignedOut === 'access-denied')
    ? 'access-denied'
    : 'sign-in';

  // REQUIRE_STAFF_MFA (decision 0053): staff without two-step sign-in are sent to set it up, since every
  // back-office API refuses them until they have.
  const secondFactor = useQuery({ ...getSecondFactorQueryOptions(), enabled: isStaff });
  const mustEnrol = secondFactor.data?.required === true && !secondFactor.data.enabled;
  useEffect(() => {
    if (mustEnrol && location.pathname !== '/admin/security') void navigate('/admin/security?setup=two-step', { replace: true });
  }, [mustEnrol, location.pathname, navigate]);

  // The sidebar's live counts: one cheap aggregate the dashboard reads anyway, and the inbox's own unread count
  // (the inbox screen refreshes it when a message is read).
  const stats = useQuery({ ...getAdminStatsQueryOptions(), enabled: can(role, 'dashboard.read') });
  const unread = useInboxUnreadCount(can(role, 'inbox.manage')).data;
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
      email={isStaff ? user?.email : undefined}
      onSignOut={() => void signOutToLogin()}
      counts={counts}
      // The frame is drawn with its sections while the session is checked (an admin sees no shift).
      showNavigation={status === 'loading' || isStaff}
      sectionGroups={status === 'loading' ? undefined : sectionGroups}
      recordKinds={recordKinds}
    >
      <ProtectedPage permission={section?.permission ?? 'admin.enter'} area={section?.label} whenSignedOut={whenSignedOut}>
        <Outlet />
      </ProtectedPage>
    </AdminShell>
  );
}
