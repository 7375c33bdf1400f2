import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type BuildGuid, type BuildGuidInput, BuildGuidInputSchema } from '../../../../shared/schemas/build-guids';
import { useCreateBuildGuid } from '../api/create-build-guid';
import { useUpdateBuildGuid } from '../api/update-build-guid';
import { InputField } from '~/components/form';
import { FormDialogBody, type ItemDialogProps, ItemFormDialog, type ItemFormProps, itemFormLabels } from '~/components/form-dialog';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

/** Spec §2 Build GUIDs: the Create dialog and the Edit dialog, with the same two fields. `item` null means Create. */
export function BuildGuidFormDialog(props: ItemDialogProps<BuildGuid>) {
  return <ItemFormDialog {...props} Form={BuildGuidForm} />;
}

function BuildGuidForm({ item: guid, onDone }: ItemFormProps<BuildGuid>) {
  const isEdit = guid !== null;
  const createBuildGuid = useCreateBuildGuid();
  const updateBuildGuid = useUpdateBuildGuid();
  const form = useForm<z.input<typeof BuildGuidInputSchema>, unknown, BuildGuidInput>({
    resolver: zodResolver(BuildGuidInputSchema),
    defaultValues: { name: guid?.name ?? '', value: guid?.value ?? '' },
  });
  return (
    <FormDialogBody
      form={form}
      {...itemFormLabels(isEdit, 'Build GUID', { save: 'Save Changes', create: 'Create' })}
      description="The name is the key id a desktop build sends; the value is its secret key, used exactly as typed."
      onCancel={onDone}
      onSubmit={async (input) => {
        if (guid) {
          await updateBuildGuid.mutateAsync({ id: guid.id, input });
          toast.success('Success', { description: 'Build GUID updated successfully' });
        } else {
          await createBuildGuid.mutateAsync(input);
          toast.success('Success', { description: 'Build GUID created successfully' });
        }
        onDone();
      }}
      // Spec §8: 'Error' with the server's message or the spec's text.
      onError={(error) => toast.error('Error', { description: serverMessageOr(error, isEdit ? 'Failed to update build GUID' : 'Failed to create build GUID') })}
    >
      <InputField
        name="name"
        label="Name"
        required
        autoComplete="off"
        spellCheck={false}
        placeholder="e.g. build-2026-03"
      />
      <InputField
        name="value"
        label="Value"
        required
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        placeholder="e.g. 3f2a9c1e-7b4d-4e8a-9f1c-2d6b8e0a5c47"
      />
    </FormDialogBody>
  );
}
