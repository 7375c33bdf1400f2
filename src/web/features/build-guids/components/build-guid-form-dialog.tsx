import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '~/lib/toast';
import type { z } from 'zod';
import { type BuildGuid, type BuildGuidInput, BuildGuidInputSchema } from '../../../../shared/schemas/build-guids';
import { useCreateBuildGuid } from '../api/create-build-guid';
import { useUpdateBuildGuid } from '../api/update-build-guid';
import { serverMessageOr } from '~/lib/api-client';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

/** Spec §2 Build GUIDs: the Create dialog and the Edit dialog, with the same two fields. `guid` null means Create. */
export function BuildGuidFormDialog({
  open,
  guid,
  onOpenChange,
}: {
  open: boolean;
  guid: BuildGuid | null;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Keyed by build GUID: each opening starts from that row's values. */}
        {open && <BuildGuidForm key={guid?.id ?? 'new'} guid={guid} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function BuildGuidForm({ guid, onDone }: { guid: BuildGuid | null; onDone(): void }) {
  const isEdit = guid !== null;
  const createBuildGuid = useCreateBuildGuid();
  const updateBuildGuid = useUpdateBuildGuid();
  const form = useForm<z.input<typeof BuildGuidInputSchema>, unknown, BuildGuidInput>({
    resolver: zodResolver(BuildGuidInputSchema),
    defaultValues: { name: guid?.name ?? '', value: guid?.value ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      if (guid) {
        await updateBuildGuid.mutateAsync({ id: guid.id, input });
        toast.success('Success', { description: 'Build GUID updated successfully' });
      } else {
        await createBuildGuid.mutateAsync(input);
        toast.success('Success', { description: 'Build GUID created successfully' });
      }
      onDone();
    } catch (error) {
      toast.error('Error', { description: serverMessageOr(error, isEdit ? 'Failed to update build GUID' : 'Failed to create build GUID') });
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{isEdit ? 'Edit Build GUID' : 'Create Build GUID'}</DialogTitle>
        <DialogDescription>
          The name is the key id a desktop build sends; the value is its secret key, used exactly as typed.
        </DialogDescription>
      </DialogHeader>
      <Field label="Name" error={errors.name?.message}>
        {(props) => <Input {...props} autoComplete="off" spellCheck={false} placeholder="e.g. build-2026-03" {...form.register('name')} />}
      </Field>
      <Field label="Value" error={errors.value?.message}>
        {(props) => (
          <Input {...props} autoComplete="off" spellCheck={false} className="font-mono" placeholder="e.g. 3f2a9c1e-7b4d-4e8a-9f1c-2d6b8e0a5c47" {...form.register('value')} />
        )}
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Please wait...' : isEdit ? 'Save Changes' : 'Create'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children(props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }): React.ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
