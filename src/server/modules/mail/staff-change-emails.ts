/**
 * The mails of a staff change (issue 36 §4, decision 0056): a new role, or a staff account removed. Account mail,
 * transactional, no unsubscribe: a person must learn that their access changed.
 */
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import { ROLE_LABELS, type Role } from '../../../shared/permissions.ts';
import type { MailMessage } from '../../jobs/mail.ts';
import type { MailBrand } from './layout.tsx';
import * as templates from './templates.tsx';

export const roleChangedSubject = (role: Role) => `Your role on ${PRODUCT_NAME} is now ${ROLE_LABELS[role]}`;
export const STAFF_REMOVED_SUBJECT = `Your ${PRODUCT_NAME} account has been removed`;

export const roleChangedEmail = async (to: string, brand: MailBrand, role: Role): Promise<MailMessage> => ({
  to,
  ...(await templates.roleChangedEmail(brand, to, { roleLabel: ROLE_LABELS[role], isStaff: role !== 'user' })),
  kind: 'transactional',
});

export const staffRemovedEmail = async (to: string, brand: MailBrand): Promise<MailMessage> => ({
  to,
  ...(await templates.staffRemovedEmail(brand, to)),
  kind: 'transactional',
});
