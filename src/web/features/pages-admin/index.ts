/** Content pages admin (issue 12): /admin/pages. */
export { PagesAdmin } from './components/pages-admin';
