/** The blog admin feature's public surface (/admin/blog): routes import from here only. */
export { BlogAdminScreen } from './components/blog-admin-screen';
