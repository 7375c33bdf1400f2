import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlertIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '~/lib/toast';
import type { z } from 'zod';
import { type CreateClient, CreateClientSchema, type CreatedClient } from '../../../../shared/schemas/clients';
import { useCreateClient } from '../api/create-client';
import { serverMessageOr } from '~/lib/api-client';
import { CopyButton } from './copy-button';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';

/** New API client: name and admin flag; then the generated id and secret, shown this once with copy buttons. */
export function CreateClientDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [created, setCreated] = useState<CreatedClient | null>(null);
  function close(next: boolean) {
    if (!next) setCreated(null);
    onOpenChange(next);
  }
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        {created ? <CreatedSecret client={created} onDone={() => close(false)} /> : open && <CreateForm onCreated={setCreated} onCancel={() => close(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateForm({ onCreated, onCancel }: { onCreated(client: CreatedClient): void; onCancel(): void }) {
  const nameId = useId();
  const adminId = useId();
  const createClient = useCreateClient();
  const form = useForm<CreateClient, unknown, z.output<typeof CreateClientSchema>>({
    resolver: zodResolver(CreateClientSchema),
    defaultValues: { name: '', isAdmin: false },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onCreated(await createClient.mutateAsync(values));
      toast.success('Success', { description: 'API client created successfully' });
    } catch (error) {
      toast.error('Error', { description: serverMessageOr(error, 'Failed to create API client') });
    }
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>New API Client</DialogTitle>
        <DialogDescription>The server generates the client ID and secret. The secret is shown once, right after this.</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2">
        <Label htmlFor={nameId}>Name (optional)</Label>
        <Input
          id={nameId}
          autoComplete="off"
          placeholder="e.g. Reporting script"
          aria-invalid={errors.name ? true : undefined}
          {...form.register('name')}
        />
        {errors.name?.message && <p className="text-sm text-destructive">{errors.name.message}</p>}
      </div>
      <Controller
        control={form.control}
        name="isAdmin"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
            <div className="flex flex-col gap-1">
              <Label htmlFor={adminId}>Admin client</Label>
              <p id={`${adminId}-hint`} className="text-xs text-muted-foreground">
                Reads every jot and manages build GUIDs and clients.
              </p>
            </div>
            <Switch id={adminId} checked={field.value} onCheckedChange={field.onChange} aria-describedby={`${adminId}-hint`} />
          </div>
        )}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Please wait...' : 'Create Client'}
        </Button>
      </DialogFooter>
    </form>
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
