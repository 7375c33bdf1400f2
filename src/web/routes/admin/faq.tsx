import { AdminPage, adminMeta, ComingSoon } from '~/features/accounts';

// Spec §2 titles this page exactly "FAQ Management", without the product suffix.
export const meta = adminMeta('FAQ Management', 'Manage the JotIt FAQ.');

export default function Page() {
  return (
    <AdminPage title="FAQ Management" description="Questions and answers shown on the Help page.">
      <ComingSoon>FAQ editing is coming soon. The published questions are on the Help page.</ComingSoon>
    </AdminPage>
  );
}
