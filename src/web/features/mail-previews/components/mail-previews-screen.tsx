import { useSearchParams } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { Skeleton } from '~/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { serverErrorText } from '~/lib/api-client';
import { useMailPreviews } from '../api/get-mail-previews';

type View = 'light' | 'dark' | 'text';
const VIEWS: View[] = ['light', 'dark', 'text'];

/**
 * Issue 24: what recipients get, kind by kind, rendered by the server with sample data. The HTML is shown in a
 * sandboxed frame (no scripts, no navigation); "Dark" is the palette a client in dark mode applies. The chosen kind
 * and view live in the URL (`?kind=invitation&view=dark`), so a preview can be linked.
 */
export function MailPreviewsScreen() {
  const previews = useMailPreviews();
  const [params, setParams] = useSearchParams();
  const items = previews.data?.items ?? [];
  const selected = items.find((item) => item.kind === params.get('kind')) ?? items[0];
  const viewParam = params.get('view');
  const view: View = VIEWS.includes(viewParam as View) ? (viewParam as View) : 'light';

  const change = (name: 'kind' | 'view', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );

  if (previews.isError) {
    return (
      <p role="alert" className="text-destructive">
        {serverErrorText(previews.error) ?? 'Failed to load the e-mail previews'}
      </p>
    );
  }
  if (!selected) return <Skeleton className="h-96 w-full" aria-label="Loading previews" />;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex max-w-md flex-col gap-1.5">
        <Label htmlFor="mail-preview-kind">E-mail</Label>
        <Select value={selected.kind} onValueChange={(value) => change('kind', value)}>
          <SelectTrigger id="mail-preview-kind" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {items.map((item) => (
              <SelectItem key={item.kind} value={item.kind}>
                {item.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="break-words">{selected.subject}</CardTitle>
          <CardDescription>{selected.description}</CardDescription>
          <div className="flex flex-wrap gap-2 pt-1">
            <Badge variant={selected.hasUnsubscribe ? 'secondary' : 'outline'}>
              {selected.hasUnsubscribe ? 'One-click unsubscribe' : 'No unsubscribe (not needed)'}
            </Badge>
            <Badge variant="outline">{selected.replyTo ? `Reply-To: ${selected.replyTo}` : 'No Reply-To'}</Badge>
          </div>
        </CardHeader>
        <CardContent>
          <Tabs value={view} onValueChange={(value) => change('view', value)}>
            <TabsList aria-label="Preview">
              <TabsTrigger value="light">Light</TabsTrigger>
              <TabsTrigger value="dark">Dark</TabsTrigger>
              <TabsTrigger value="text">Plain text</TabsTrigger>
            </TabsList>
            <TabsContent value="light">
              <PreviewFrame title={`${selected.label}, light`} html={selected.html} />
            </TabsContent>
            <TabsContent value="dark">
              <PreviewFrame title={`${selected.label}, dark`} html={selected.darkHtml} />
            </TabsContent>
            <TabsContent value="text">
              <pre className="max-h-[48rem] overflow-auto rounded-lg border bg-muted/40 p-4 text-sm whitespace-pre-wrap">{selected.text}</pre>
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}

function PreviewFrame({ title, html }: { title: string; html: string }) {
  // sandbox="" : no scripts, no forms, no navigation from inside the preview.
  return <iframe title={title} srcDoc={html} sandbox="" className="h-[48rem] w-full rounded-lg border bg-white" />;
}
