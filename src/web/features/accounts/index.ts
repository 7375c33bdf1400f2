/** The accounts feature's public surface: the sign-in screen, the gate of spec §2, user management. Routes import from here only. */
export { useConfirmEmail } from './api/confirm-email';
export { useBulkUsers } from './api/bulk-users';
export { useCreateUser } from './api/create-user';
export { useDeleteUser } from './api/delete-user';
export { getUsersQueryOptions, useUsers } from './api/get-users';
export { useRequestPasswordReset } from './api/request-password-reset';
export { useResetPassword } from './api/reset-password';
export { useSendConfirmationEmail } from './api/send-confirmation-email';
export { useSignIn } from './api/sign-in';
export { useSignUp } from './api/sign-up';
export { useUpdateUser } from './api/update-user';
export { DeleteUserDialog } from './components/delete-user-dialog';
export { UserFormDialog } from './components/user-form-dialog';
export { UserCard, userColumns } from './components/users-list';
export { accessChangeText, type UserAccessField } from './components/user-badges';
export { UsersBulkActions } from './components/users-bulk-bar';
export { SignInForm } from './components/sign-in-form';
export { AccessDenied, ProtectedPage } from './components/protected-page';
