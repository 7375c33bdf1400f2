import { lazy } from 'react';
/** The blog admin feature's public surface (/admin/blog): routes import from here only. */
export { BlogAdminScreen } from './components/blog-admin-screen';
/** The blog's Markdown editor (CodeMirror), loaded when first rendered: reused for campaign landing content (issue 12). */
export const MarkdownEditor = lazy(() => import('./components/markdown-editor'));
