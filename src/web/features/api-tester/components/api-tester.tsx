import { ClipboardCopyIcon, InfoIcon } from 'lucide-react';
import { useId } from 'react';
import { toast } from '~/lib/toast';
import { toCurl } from '../curl';
import { describeExchange, useTesterConsole } from '../use-tester-console';
import { useTesterSettings } from '../use-tester-settings';
import { ManageBuildGuidsTab, ManageClientsTab } from './admin-tabs';
import { CreateJotTab, TestJotTab } from './jot-tabs';
import { GetJotsTab, SearchJotsTab } from './read-tabs';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { Textarea } from '~/components/ui/textarea';

const TABS = [
  { value: 'test-jot', label: 'Test Jot', Component: TestJotTab },
  { value: 'create-jot', label: 'Create Jot', Component: CreateJotTab },
  { value: 'get-jots', label: 'Get Jots', Component: GetJotsTab },
  { value: 'search-jots', label: 'Search Jots', Component: SearchJotsTab },
  { value: 'manage-clients', label: 'Manage Clients', Component: ManageClientsTab },
  { value: 'manage-build-guids', label: 'Manage BuildGuids', Component: ManageBuildGuidsTab },
] as const;

/** Spec §2 API tester: six tabs, the read-only API Response box (filled after every call) and Setup Instructions. */
export function ApiTester() {
  const responseId = useId();
  const { settings, update } = useTesterSettings();
  const { exchange, isBusy, run } = useTesterConsole();
  const tabProps = { run, isBusy, settings, update };
  const status = exchange?.response?.status;

  async function copyCurl() {
    if (!exchange) return;
    try {
      await navigator.clipboard.writeText(toCurl(exchange.request, window.location.origin));
      toast.success('Copied', { description: 'The last request, as a curl command' });
    } catch {
      toast.error('Copy failed', { description: 'Your browser did not allow access to the clipboard.' });
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardContent>
            <Tabs defaultValue="test-jot" className="gap-6">
              <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-3">
                {TABS.map((tab) => (
                  <TabsTrigger key={tab.value} value={tab.value} className="h-9">
                    {tab.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              {TABS.map(({ value, Component }) => (
                <TabsContent key={value} value={value}>
                  <Component {...tabProps} />
                </TabsContent>
              ))}
            </Tabs>
          </CardContent>
        </Card>

        <Card className="lg:self-start">
          <CardHeader>
            <CardTitle>
              <label htmlFor={responseId} className="text-lg font-semibold">
                API Response
              </label>
            </CardTitle>
            <CardDescription>
              {exchange ? (
                <span className="inline-flex items-center gap-2">
                  {status !== undefined ? (
                    <Badge variant={status < 300 ? 'success' : 'destructive'}>{status}</Badge>
                  ) : (
                    <Badge variant="destructive">Network error</Badge>
                  )}
                  <code className="font-mono text-xs break-all">
                    {exchange.request.method} {exchange.request.path}
                  </code>
                </span>
              ) : (
                'Send a request to see the answer here.'
              )}
            </CardDescription>
            <CardAction>
              <Button type="button" variant="outline" size="sm" disabled={!exchange} onClick={() => void copyCurl()}>
                <ClipboardCopyIcon aria-hidden="true" /> Copy as curl
              </Button>
            </CardAction>
          </CardHeader>
          <CardContent>
            <Textarea
              id={responseId}
              readOnly
              rows={16}
              value={exchange ? describeExchange(exchange) : ''}
              placeholder="No request sent yet."
              aria-live="polite"
              className="min-h-64 font-mono text-xs"
            />
          </CardContent>
        </Card>
      </div>

      <SetupInstructions />
    </div>
  );
}

function SetupInstructions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <InfoIcon aria-hidden="true" className="size-5 text-primary" /> Setup Instructions
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm">
          <li>
            You are signed in: Test Jot, and Get or Search Jots without client credentials, use your session token, which this browser
            keeps in local storage.
          </li>
          <li>
            To test as an API client, ask an administrator for a client ID and secret (created on the Build GUIDs admin page) and enter them
            in Get Jots or Search Jots. Admin client credentials go in Manage BuildGuids.
          </li>
          <li>
            Tokens and credentials you enter here are kept in this browser&apos;s local storage so you do not retype them; clear your site
            data to remove them. Use a test client, not production credentials, on shared computers.
          </li>
          <li>
            Test Jot needs the name of an existing build GUID: create one with Create Test BuildGuid, or use the one your desktop build ships
            with.
          </li>
          <li>
            The full reference of every endpoint, with the encryption protocol, is at{' '}
            <a className="font-medium text-primary underline-offset-4 hover:underline" href="/docs">
              /docs
            </a>
            . Copy as curl repeats your last request from a terminal.
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}
