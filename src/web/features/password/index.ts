/** The password feature's public surface (issue 36 item 6): the Security page's password card. */
export { useChangePassword } from './api/change-password';
export { PasswordCard } from './components/password-card';
