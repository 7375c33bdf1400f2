/** The blog admin feature's public surface (/admin/blog): routes import from here only. */
export { BlogAdminScreen } from './components/blog-admin-screen';
export type { PreviewComponent, PreviewPost } from './components/post-preview';
