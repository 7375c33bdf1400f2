import { useQueryClient } from '@tanstack/react-query';
import { pageTitle } from '../../../shared/brand';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { getBuildGuidsQueryOptions, newestBuildGuid } from '~/features/build-guids';
import { JotsScreen } from '~/features/jots/jots-screen';

export const meta = adminMeta(pageTitle('Jots Management'), 'Jots received from the JotIt desktop app.');

/** Spec §2 Jots Management: test jot, refresh, stats, search, the records (decrypted) and paging by 50. */
export default function JotsPage() {
  const queryClient = useQueryClient();
  // A test jot is encrypted with the newest build GUID, read afresh when it is sent.
  const newestBuildGuidName = async () =>
    newestBuildGuid(await queryClient.fetchQuery({ ...getBuildGuidsQueryOptions(), staleTime: 0 }))?.name ?? null;
  return (
    <AdminPage
      title="Jots Management"
      description="Every jot received from the desktop app, decrypted. Visitors only ever see a count, a time and a place."
    >
      <JotsScreen Actions={AdminPageActions} newestBuildGuidName={newestBuildGuidName} />
    </AdminPage>
  );
}
