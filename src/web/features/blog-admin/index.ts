import { lazy } from 'react';
/** The blog admin feature's public surface (/admin/blog): routes import from here only. */
export { BlogAdminScreen } from './components/blog-admin-screen';
export const loadMarkdownEditor = () => import('./components/markdown-editor');
/** The blog's Markdown editor (CodeMirror), loaded when first rendered: reused for pages and campaign landing content (issue 12). */
export const MarkdownEditor = lazy(loadMarkdownEditor);
