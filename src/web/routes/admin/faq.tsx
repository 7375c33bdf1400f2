import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { FaqManagement, HelpVideoEditor } from '~/features/faqs';

// Spec §2 titles this page exactly "FAQ Management", without the product suffix.
export const meta = adminMeta('FAQ Management', 'Manage the JotIt FAQ and the help video.');

/** Spec §2 FAQ Management: the FAQ table (Add FAQ and Edit in a side panel), and the help page's video. */
export default function Page() {
  return (
    <AdminPage title="FAQ Management" description="Questions and answers shown on the Help page, and its tutorial video.">
      <FaqManagement Actions={AdminPageActions} />
      <HelpVideoEditor />
    </AdminPage>
  );
}
