import { pageTitle } from '../../../shared/brand';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { LazyMarkdownEditor } from '~/components/lazy-markdown-editor';
import { CampaignsScreen } from '~/features/campaigns';

export const meta = adminMeta(pageTitle('Campaigns'), 'Campaign landing pages, their visits, leads and conversion.');

/** Issue 12: campaigns and their landing pages at /c/{slug}. */
export default function Page() {
  return (
    <AdminPage title="Campaigns" description="Landing pages at /c/{slug}, with visits, leads and conversion over 30 days">
      <CampaignsScreen Actions={AdminPageActions} Editor={LazyMarkdownEditor} />
    </AdminPage>
  );
}
