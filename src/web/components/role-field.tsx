/**
 * The Role select of a form of the kit (adding or editing a user, inviting staff): the roles the signed-in person
 * may give, each by its label, with the chosen role's description under the field (shared/permissions.ts).
 */
import { Controller, useFormContext } from 'react-hook-form';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from '../../shared/permissions';
import { Field } from '~/components/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';

export function RoleField({
  roles,
  fallback,
  disabled,
}: {
  roles: readonly Role[];
  /** The role shown while the form has none. */
  fallback?: Role;
  disabled?: boolean;
}) {
  const { control } = useFormContext<{ role?: Role }>();
  return (
    <Controller
      control={control}
      name="role"
      render={({ field }) => {
        const role = field.value ?? fallback;
        return (
          <Select value={role} onValueChange={field.onChange} disabled={disabled}>
            <Field name="role" label="Role" description={role ? ROLE_DESCRIPTIONS[role] : undefined}>
              <SelectTrigger className="w-full" onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
            </Field>
            <SelectContent>
              {roles.map((option) => (
                <SelectItem key={option} value={option}>
                  {ROLE_LABELS[option]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        );
      }}
    />
  );
}
