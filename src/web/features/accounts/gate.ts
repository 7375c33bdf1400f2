/**
 * The gate of spec §2 on its own (ProtectedPage, AccessDenied), for the admin's layout: importing it through
 * index.ts made every admin screen load the whole accounts feature (the users screen's dialogs, the sign-in form
 * with its captcha and passkeys) before its first paint, 5 KB gzip of the admin's 250 KB budget (issue 26).
 */
export { AccessDenied, ProtectedPage } from './components/protected-page';
