/** The staff invitation e-mail (decision 0056): account mail, transactional, no unsubscribe (account-emails.ts explains why). */
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import { ROLE_LABELS, type Role } from '../../../shared/permissions.ts';
import type { MailMessage } from '../../jobs/mail.ts';
import type { MailBrand } from './layout.tsx';
import * as templates from './templates.tsx';

export const staffInvitationSubject = (role: Role) => `You are invited to ${PRODUCT_NAME} as ${ROLE_LABELS[role]}`;

export const staffInvitationEmail = async (
  to: string,
  brand: MailBrand,
  input: { token: string; role: Role; invitedBy: string | null; expiresAt: Date },
): Promise<MailMessage> => ({
  to,
  ...(await templates.staffInvitationEmail(brand, to, { ...input, roleLabel: ROLE_LABELS[input.role] })),
  kind: 'transactional',
});
