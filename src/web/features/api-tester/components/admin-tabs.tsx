import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { clientOrBearer, count, type TabProps, useRememberedFields } from './tab-support';
import { TesterInput } from './tester-field';
import { Form } from '~/components/form';
import { Button } from '~/components/ui/button';

/** Manage Clients: explains the admin headers; clients themselves are managed on the Build GUIDs admin page. */
export function ManageClientsTab() {
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p>
        API clients are created and removed by administrators on the <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/build-guids">
          Build GUIDs
        </Link>{' '}
        page. A new client&apos;s secret is shown once, when it is created.
      </p>
      <p>An admin client manages build GUIDs and clients and reads every jot. It sends its credentials in two headers:</p>
      <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
        {'X-Admin-Client-Id: <admin client id>\nX-Admin-Client-Secret: <admin client secret>'}
      </pre>
      <p>
        An ordinary client sends <code className="font-mono text-xs">X-Client-Id</code> and <code className="font-mono text-xs">X-Client-Secret</code> and reads
        only the jots it sent. Every endpoint is described in the <a className="font-medium text-primary underline-offset-4 hover:underline" href="/docs">API reference</a>.
      </p>
    </div>
  );
}

interface AdminCredentials {
  adminClientId: string;
  adminClientSecret: string;
}

/** Manage BuildGuids: list build GUIDs and create a test one with an admin client's credentials (the button pressed). */
export function ManageBuildGuidsTab({ run, isBusy, settings, update }: TabProps) {
  const form = useForm<AdminCredentials>({
    defaultValues: { adminClientId: settings.adminClientId, adminClientSecret: settings.adminClientSecret },
  });
  useRememberedFields(form, update);

  async function send({ adminClientId, adminClientSecret }: AdminCredentials, submitter: HTMLButtonElement | null) {
    const headers = clientOrBearer(adminClientId, adminClientSecret, ['X-Admin-Client-Id', 'X-Admin-Client-Secret']);
    if (submitter?.value !== 'create') {
      await run(
        { method: 'GET', path: '/api/build-guids', headers },
        { success: (body) => ({ title: 'Success', description: `Found ${count(Array.isArray(body) ? body.length : 0, 'build GUID')}` }) },
      );
      return;
    }
    const name = `test-build-${Date.now().toString(36)}`;
    const response = await run(
      { method: 'POST', path: '/api/build-guids', headers, body: { name, value: crypto.randomUUID() } },
      { success: () => ({ title: 'Success', description: `Created build GUID ${name}; Test Jot will use it` }) },
    );
    if (response?.ok) update({ buildGuidName: name });
  }

  return (
    <Form form={form} onSubmit={send} className="gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TesterInput name="adminClientId" label="Admin Client ID" placeholder="e.g. jc_…" />
        <TesterInput name="adminClientSecret" label="Admin Client Secret" type="password" />
        <p className="text-xs text-muted-foreground sm:col-span-2">
          Sent as X-Admin-Client-Id and X-Admin-Client-Secret. Leave both empty to use your own sign-in (admins only).
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="action" value="list" variant="outline" disabled={isBusy}>
          List BuildGuids
        </Button>
        <Button type="submit" name="action" value="create" disabled={isBusy}>
          Create Test BuildGuid
        </Button>
      </div>
    </Form>
  );
}
