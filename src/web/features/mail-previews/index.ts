/** The e-mail previews screen (issue 24): routes import from here only. */
export { mailPreviewsQueryKey, useMailPreviews } from './api/get-mail-previews';
export { MailPreviewsScreen } from './components/mail-previews-screen';
