import { pageTitle } from '../../../shared/brand';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { TestimonialsAdmin } from '~/features/testimonials-admin';

export const meta = adminMeta(pageTitle('Testimonials'), 'Manage the testimonials shown on the home page.');

/** Issue 12: testimonials admin. */
export default function Page() {
  return (
    <AdminPage title="Testimonials" description="Customer quotes for the home page's social proof">
      <TestimonialsAdmin Actions={AdminPageActions} />
    </AdminPage>
  );
}
