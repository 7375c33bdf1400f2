import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { toast } from '~/lib/toast';
import type { z } from 'zod';
import { CreateUserSchema, UpdateUserSchema, type User } from '../../../../shared/schemas/accounts';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { serverErrorText } from '~/lib/api-client';
import { TextField } from './text-field';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';

/*
 * Add and edit share one form with every field always present: Add validates with CreateUserSchema, edit with
 * UpdateUserSchema made required field by field (an empty password still means "keep the current one", spec §5).
 */
const EditUserFormSchema = UpdateUserSchema.required({ username: true, email: true, password: true });
type UserFormValues = z.input<typeof CreateUserSchema>;
type UserFormOutput = z.output<typeof CreateUserSchema> | z.output<typeof EditUserFormSchema>;

/**
 * Spec §2 Add User and the edit dialog: username, email, password, and the Admin and Approved switches. On edit an
 * empty password keeps the current one and is not sent (spec §5). `user` null means Add User.
 */
export function UserFormDialog({
  open,
  user,
  onOpenChange,
}: {
  open: boolean;
  user: User | null;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Keyed by user: each opening starts from that user's values. */}
        {open && <UserForm key={user?.id ?? 'new'} user={user} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function UserForm({ user, onDone }: { user: User | null; onDone(): void }) {
  const isEdit = user !== null;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const form = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: isEdit ? zodResolver(EditUserFormSchema) : zodResolver(CreateUserSchema),
    defaultValues: {
      username: user?.username ?? '',
      email: user?.email ?? '',
      password: '',
      isAdmin: user?.isAdmin ?? false,
      isApproved: user?.isApproved ?? false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (user) {
        const { password, ...rest } = values;
        await updateUser.mutateAsync({ id: user.id, changes: password ? { ...rest, password } : rest });
        toast.success('User updated successfully');
      } else {
        await createUser.mutateAsync(values);
        toast.success('User created successfully');
      }
      onDone();
    } catch (error) {
      toast.error(isEdit ? 'Error updating user' : 'Error creating user', {
        description: serverErrorText(error) ?? `Failed to ${isEdit ? 'update' : 'create'} the user. Please try again.`,
      });
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{isEdit ? 'Edit User' : 'Add User'}</DialogTitle>
        <DialogDescription>
          {isEdit
            ? `Change ${user.username}'s details or rights.`
            : 'Accounts created here are confirmed; switch on Approved to let the user sign in now.'}
        </DialogDescription>
      </DialogHeader>
      <TextField label="Username" autoComplete="off" registration={form.register('username')} error={errors.username} />
      <TextField label="Email" type="email" autoComplete="off" registration={form.register('email')} error={errors.email} />
      <TextField
        label={isEdit ? 'New Password' : 'Password'}
        type="password"
        autoComplete="new-password"
        hint={isEdit ? 'Leave empty to keep the current password.' : 'At least 6 characters.'}
        registration={form.register('password')}
        error={errors.password}
      />
      <div className="flex flex-col gap-3 rounded-lg border p-4">
        <SwitchField
          control={form.control}
          name="isApproved"
          label="Approved"
          description="Approved users can sign in."
        />
        <SwitchField control={form.control} name="isAdmin" label="Admin" description="Admins manage the whole site." />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Please wait...' : isEdit ? 'Save Changes' : 'Create User'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function SwitchField({
  control,
  name,
  label,
  description,
}: {
  control: Control<UserFormValues, unknown, UserFormOutput>;
  name: 'isAdmin' | 'isApproved';
  label: string;
  description: string;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center justify-between gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor={id}>{label}</Label>
            <p id={`${id}-description`} className="text-xs text-muted-foreground">
              {description}
            </p>
          </div>
          <Switch
            id={id}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={`${id}-description`}
          />
        </div>
      )}
    />
  );
}
