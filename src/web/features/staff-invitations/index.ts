/** Staff invitations (decision 0056): the Users screen's Invite dialog and pending list, and the invitee's page. Routes import from here only. */
export { AcceptInvitationCard } from './components/accept-invitation-card';
export { InviteStaffDialog, invitableRoles } from './components/invite-staff-dialog';
export { PendingInvitationsCard } from './components/pending-invitations-card';
