import { pageTitle } from '../../../shared/brand';
import { AdminPage, adminMeta } from '~/components/admin/admin-page';
import { AuditScreen } from '~/features/audit';

export const meta = adminMeta(pageTitle('Audit Log'));

/** Issue 10 §5: every admin action, newest first, with filters and paging. */
export default function AuditPage() {
  return (
    <AdminPage title="Audit Log" description="Who changed what, when and from where.">
      <AuditScreen />
    </AdminPage>
  );
}
