import {
  BookOpenIcon,
  CloudIcon,
  FileTextIcon,
  KeyRoundIcon,
  LockIcon,
  MousePointerClickIcon,
  PlugIcon,
  SettingsIcon,
  SparklesIcon,
  TerminalSquareIcon,
  ZapIcon,
} from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/brand';
import { PageHeader } from '~/components/page-header';
import { ProtectedPage } from '~/features/accounts';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { useAuth } from '~/lib/auth';
import { SAME_FOR_EVERYONE } from '~/lib/server-context';

export const handle = SAME_FOR_EVERYONE;

export const meta = () => [{ title: `${PRODUCT_NAME}! Overview` }];

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const APP_FEATURES: Array<{ icon: Icon; title: string; text: string }> = [
  {
    icon: ZapIcon,
    title: 'Capture in seconds',
    text: 'Open a jot from the system tray, type the idea, press Enter. The window gets out of your way.',
  },
  {
    icon: MousePointerClickIcon,
    title: 'Smart auto-close',
    text: 'Click anywhere outside the jot window and it closes itself, so a capture never interrupts your work.',
  },
  {
    icon: SettingsIcon,
    title: 'Remembers your setup',
    text: 'Your plugin, the window position and the auto-close choice are kept between sessions.',
  },
  {
    icon: LockIcon,
    title: 'Encrypted on the way',
    text: 'Jots leave the app encrypted with AES-256; the server decrypts them with the key of your build.',
  },
];

const PLUGINS: Array<{ icon: Icon; name: string; text: string; status: 'Available' | 'Coming soon' }> = [
  { icon: FileTextIcon, name: 'Offline text file', text: 'Appends every jot to a text file on your device. No account, no network.', status: 'Available' },
  { icon: CloudIcon, name: 'Google Docs', text: 'Adds jots to a document you choose, after you sign in with Google.', status: 'Available' },
  { icon: PlugIcon, name: 'Google Keep, X and Zapier', text: 'Send jots to notes, posts or any automation.', status: 'Coming soon' },
  { icon: SparklesIcon, name: 'AI platforms', text: 'Hand ideas to an assistant to expand or sort them (Pro).', status: 'Coming soon' },
];

/** Spec §2 Overview: feature cards and a summary for signed-in users. */
export default function OverviewPage() {
  return (
    <ProtectedPage>
      <Overview />
    </ProtectedPage>
  );
}

function Overview() {
  const { user } = useAuth();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader
        eyebrow={user ? `Signed in as ${user.email}` : undefined}
        title={`${PRODUCT_NAME}! Overview`}
        description={`${PRODUCT_NAME} is a tray app for Windows that saves a thought the moment you have it — to a local file or a Google Doc — and an encrypted API that receives jots from the app.`}
        actions={
          <>
            <Button asChild>
              <Link to="/api-tester">
                <TerminalSquareIcon aria-hidden="true" /> Open the API Tester
              </Link>
            </Button>
            <Button asChild variant="outline">
              {/* /docs is served by the API (not a page of this app): a full page load. */}
              <a href="/docs">
                <BookOpenIcon aria-hidden="true" /> API Reference
              </a>
            </Button>
          </>
        }
      />

      <section aria-labelledby="app-heading" className="flex flex-col gap-5">
        <h2 id="app-heading" className="text-xl font-semibold tracking-tight">
          The desktop app
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {APP_FEATURES.map(({ icon: FeatureIcon, title, text }) => (
            <Card key={title} className="gap-3">
              <CardHeader className="gap-3">
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <FeatureIcon aria-hidden="true" className="size-5" />
                </span>
                <CardTitle>{title}</CardTitle>
              </CardHeader>
              <CardContent className="text-sm text-muted-foreground">{text}</CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="plugins-heading" className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <h2 id="plugins-heading" className="text-xl font-semibold tracking-tight">
            Plugins: where jots go
          </h2>
          <p className="text-muted-foreground">Pick a destination from the tray menu; switch at any time.</p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {PLUGINS.map(({ icon: PluginIcon, name, text, status }) => (
            <li key={name} className="flex items-start gap-3 rounded-xl border bg-card p-4">
              <PluginIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="flex min-w-0 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{name}</span>
                  <Badge variant={status === 'Available' ? 'success' : 'secondary'}>{status}</Badge>
                </div>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="api-heading">
        <Card>
          <CardHeader>
            <div className="flex items-center gap-3">
              <KeyRoundIcon aria-hidden="true" className="size-6 text-primary" />
              <CardTitle>
                <h2 id="api-heading" className="text-xl font-semibold tracking-tight">
                  The encrypted jot API
                </h2>
              </CardTitle>
            </div>
            <CardDescription>For developers who send jots from their own builds or read them back.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6 md:grid-cols-3">
            <div className="flex flex-col gap-2">
              <h3 className="font-medium">Send</h3>
              <p className="text-sm text-muted-foreground">
                <code className="rounded bg-muted px-1 py-0.5 text-xs">POST /api/v2/jots</code> takes a payload encrypted
                with AES-256-CBC and authenticated with HMAC-SHA256; the key comes from a build GUID. The legacy and v1
                endpoints remain for older builds.
              </p>
            </div>
            <div className="flex flex-col gap-2">
              <h3 className="font-medium">Read and search</h3>
              <p className="text-sm text-muted-foreground">
                API clients read and search their own jots with <code className="rounded bg-muted px-1 py-0.5 text-xs">X-Client-Id</code>{' '}
                and <code className="rounded bg-muted px-1 py-0.5 text-xs">X-Client-Secret</code>; admin clients see all.
              </p>
            </div>
            <div className="flex flex-col gap-2">
              <h3 className="font-medium">Try it</h3>
              <p className="text-sm text-muted-foreground">
                The API Tester encrypts a test jot for you, sends it, and shows the raw response. The reference documents
                every endpoint with its schemas.
              </p>
              <div className="mt-1 flex flex-wrap gap-2">
                <Button asChild size="sm">
                  <Link to="/api-tester">API Tester</Link>
                </Button>
                <Button asChild size="sm" variant="outline">
                  <a href="/docs">API Reference</a>
                </Button>
              </div>
            </div>
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="summary-heading" className="rounded-xl border bg-muted/50 p-6">
        <h2 id="summary-heading" className="text-lg font-semibold tracking-tight">
          In short
        </h2>
        <ul className="mt-3 grid gap-2 text-sm text-muted-foreground sm:grid-cols-2">
          <li>Windows today; macOS is on the way. Download under 10 MB.</li>
          <li>Jots are saved where you choose — your file, your document.</li>
          <li>AES-256 in transit, keys tied to build identifiers.</li>
          <li>
            Questions? See <Link className="text-primary underline-offset-4 hover:underline" to="/help">Help &amp; FAQ</Link> or{' '}
            <Link className="text-primary underline-offset-4 hover:underline" to="/contact">contact us</Link>.
          </li>
        </ul>
      </section>
    </div>
  );
}
