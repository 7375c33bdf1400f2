import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlertIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '~/lib/toast';
import type { z } from 'zod';
import { type CreateClient, CreateClientSchema, type CreatedClient } from '../../../../shared/schemas/clients';
import { useCreateClient } from '../api/create-client';
import { serverMessageOr } from '~/lib/api-client';
import { CopyButton } from '~/components/copy-button';
import { InputField, SwitchField } from '~/components/form';
import { FormDialog, FormDialogBody } from '~/components/form-dialog';
import { Button } from '~/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

/** New API client: name and admin flag; then the generated id and secret, shown this once with copy buttons. */
export function CreateClientDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [created, setCreated] = useState<CreatedClient | null>(null);
  function close(next: boolean) {
    if (!next) setCreated(null);
    onOpenChange(next);
  }
  return (
    <FormDialog open={open} onOpenChange={close}>
      {created ? <CreatedSecret client={created} onDone={() => close(false)} /> : <CreateForm onCreated={setCreated} onCancel={() => close(false)} />}
    </FormDialog>
  );
}

function CreateForm({ onCreated, onCancel }: { onCreated(client: CreatedClient): void; onCancel(): void }) {
  const createClient = useCreateClient();
  const form = useForm<CreateClient, unknown, z.output<typeof CreateClientSchema>>({
    resolver: zodResolver(CreateClientSchema),
    defaultValues: { name: '', isAdmin: false },
  });
  return (
    <FormDialogBody
      form={form}
      title="New API Client"
      description="The server generates the client ID and secret. The secret is shown once, right after this."
      submitLabel="Create Client"
      onCancel={onCancel}
      onSubmit={async (values) => {
        onCreated(await createClient.mutateAsync(values));
        toast.success('Success', { description: 'API client created successfully' });
      }}
      onError={(error) => toast.error('Error', { description: serverMessageOr(error, 'Failed to create API client') })}
    >
      <InputField name="name" label="Name (optional)" autoComplete="off" placeholder="e.g. Reporting script" />
      <div className="rounded-lg border p-4">
        <SwitchField name="isAdmin" label="Admin client" description="Reads every jot and manages build GUIDs and clients." />
      </div>
    </FormDialogBody>
  );
}

function CreatedSecret({ client, onDone }: { client: CreatedClient; onDone(): void }) {
  return (
    <div className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>Client Created</DialogTitle>
        <DialogDescription>
          Send these as {client.isAdmin ? 'X-Admin-Client-Id / X-Admin-Client-Secret (or X-Client-Id / X-Client-Secret)' : 'X-Client-Id / X-Client-Secret'}.
        </DialogDescription>
      </DialogHeader>
      <p role="alert" className="flex gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
        <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Copy the secret now: it is shown only this once and cannot be recovered. Lost it? Delete the client and create a new one.
      </p>
      <CopyField label="Client ID" value={client.clientId} />
      <CopyField label="Client Secret" value={client.secret} />
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={value} label={label} />
      </div>
    </div>
  );
}
