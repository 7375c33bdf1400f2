import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { toast } from '~/lib/toast';
import type { z } from 'zod';
import { CreateUserSchema, UpdateUserSchema, type User } from '../../../../shared/schemas/accounts';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { serverErrorText } from '~/lib/api-client';
import { InputField } from '~/components/form';
import { FormDialogBody, type ItemDialogProps, ItemFormDialog, type ItemFormProps, itemFormLabels } from '~/components/form-dialog';
import { Label } from '~/components/ui/label';
import { RoleField } from '~/components/role-field';
import { Switch } from '~/components/ui/switch';
import { useAuth } from '~/lib/auth';
import { canAssignRole, ROLES, roleOfUser } from '../../../../shared/permissions';

/*
 * Add and edit share one form with every field always present: Add validates with CreateUserSchema, edit with
 * UpdateUserSchema made required field by field (an empty password still means "keep the current one", spec §5).
 */
const EditUserFormSchema = UpdateUserSchema.required({ username: true, email: true, password: true });
type UserFormValues = z.input<typeof CreateUserSchema>;
type UserFormOutput = z.output<typeof CreateUserSchema> | z.output<typeof EditUserFormSchema>;

/**
 * Spec §2 Add User and the edit dialog: username, email, password, the Approved switch and the role (decision 0050:
 * the spec's Admin switch became a choice of role, Admin among them). On edit an
 * empty password keeps the current one and is not sent (spec §5). `item` null means Add User.
 */
export function UserFormDialog(props: ItemDialogProps<User>) {
  return <ItemFormDialog {...props} Form={UserForm} />;
}

function UserForm({ item: user, onDone }: ItemFormProps<User>) {
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
      role: user?.role ?? 'user',
      isApproved: user?.isApproved ?? false,
    },
  });
  // The roles this operator may give (decision 0050): up to their own; owners alone touch an owner.
  const actorRole = roleOfUser(useAuth().user) ?? 'user';
  const currentRole = user?.role ?? 'user';
  const roleOptions = ROLES.filter((role) => role === currentRole || canAssignRole(actorRole, currentRole, role));
  return (
    <FormDialogBody
      form={form}
      {...itemFormLabels(isEdit, 'User', { add: 'Add', save: 'Save Changes', create: 'Create User' })}
      description={
        isEdit ? `Change ${user.username}'s details or rights.` : 'Accounts created here are confirmed; switch on Approved to let the user sign in now.'
      }
      onCancel={onDone}
      onSubmit={async (values) => {
        if (user) {
          const { password, ...rest } = values;
          await updateUser.mutateAsync({ id: user.id, changes: password ? { ...rest, password } : rest });
          toast.success('User updated successfully');
        } else {
          await createUser.mutateAsync(values);
          toast.success('User created successfully');
        }
        onDone();
      }}
      // Field problems from the server show under their fields; anything else is a toast (spec §5 texts).
      onError={(error) =>
        toast.error(isEdit ? 'Error updating user' : 'Error creating user', {
          description: serverErrorText(error) ?? `Failed to ${isEdit ? 'update' : 'create'} the user. Please try again.`,
        })
      }
    >
      <InputField name="username" label="Username" required autoComplete="off" />
      <InputField name="email" label="Email" required type="email" autoComplete="off" />
      <InputField
        name="password"
        label={isEdit ? 'New Password' : 'Password'}
        required={!isEdit}
        description={isEdit ? 'Leave empty to keep the current password.' : 'At least 6 characters.'}
        type="password"
        autoComplete="new-password"
      />
      <div className="flex flex-col gap-3 rounded-lg border p-4">
        <SwitchField control={form.control} name="isApproved" label="Approved" description="Approved users can sign in." />
      </div>
      <RoleField roles={roleOptions} fallback="user" disabled={roleOptions.length < 2} />
    </FormDialogBody>
  );
}

function SwitchField({
  control,
  name,
  label,
  description,
}: {
  control: Control<UserFormValues, unknown, UserFormOutput>;
  name: 'isApproved';
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
