import { pageTitle } from '../../../shared/brand';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { BuildGuidsScreen } from '~/features/build-guids/build-guids-screen';
import { ClientsSection } from '~/features/clients';

export const meta = adminMeta(pageTitle('Build GUIDs'), 'Encryption keys for decrypting jots from the desktop app.');

/** Spec §2 Build GUIDs admin: the keys the server decrypts jots with, plus the API clients (docs/architecture.md §5). */
export default function BuildGuidsPage() {
  return (
    <AdminPage
      title="Build GUIDs"
      description="Encryption keys for decrypting jots from the desktop app. Each desktop build sends the name of its key; the server decrypts with the value."
    >
      <BuildGuidsScreen Actions={AdminPageActions} />
      <ClientsSection />
    </AdminPage>
  );
}
