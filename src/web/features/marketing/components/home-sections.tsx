import {
  ArrowRightIcon,
  CloudIcon,
  GhostIcon,
  LayersIcon,
  LockIcon,
  ShieldCheckIcon,
  SparklesIcon,
  StickyNoteIcon,
  TimerIcon,
  WorkflowIcon,
  AtSignIcon,
  ZapIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/brand';
import { Badge } from '~/components/ui/badge';
import { type Feature, FeatureGrid, Section } from './section';

/** The static sections of the home page (spec §2); the live and form sections are composed by the route. */

const PAIN_POINTS: Feature[] = [
  {
    icon: <TimerIcon />,
    title: 'Too slow',
    text: 'By the time your notes app has loaded and you have found the right notebook, the thought has already gone cold.',
  },
  {
    icon: <LayersIcon />,
    title: 'Too complex',
    text: 'Folders, tags, templates and sync settings. You wanted to write down one line, not organise a knowledge base.',
  },
  {
    icon: <GhostIcon />,
    title: 'Idea gone',
    text: 'You tell yourself you will write it down later. Then a meeting starts, a message pops up, and it is gone for good.',
  },
];

export function PainPointsSection() {
  return (
    <Section
      labelledBy="pain-heading"
      className="bg-muted/40"
      eyebrow="Sound familiar?"
      title="Great ideas don't wait for you to open an app"
      description="Most note apps are built for writing documents. Ideas show up in the middle of something else, and they leave just as fast."
    >
      <FeatureGrid features={PAIN_POINTS} tone="muted" />
    </Section>
  );
}

const FEATURES: Feature[] = [
  {
    icon: <ZapIcon />,
    title: 'Lightning fast',
    text: 'Click the tray icon, type, press Enter. Smart auto-close hides the window when you click away, so you never lose your flow.',
  },
  {
    icon: <CloudIcon />,
    title: 'Cloud ready',
    text: 'Keep jots in a plain text file on your PC, or send them straight into a Google Docs document you can open on any device.',
  },
  {
    icon: <ShieldCheckIcon />,
    title: 'Simple and secure',
    text: `No account and no setup wizard. Jots are encrypted with AES-256 on their way to us, and ${PRODUCT_NAME} remembers your plugin, window position and preferences.`,
  },
];

export function FeaturesSection() {
  return (
    <Section
      labelledBy="features-heading"
      eyebrow={`Why ${PRODUCT_NAME}`}
      title="A notepad that is always one click away"
      description={`${PRODUCT_NAME} sits quietly in your system tray until an idea shows up. Then it gets out of your way.`}
    >
      <FeatureGrid features={FEATURES} />
    </Section>
  );
}

export function PrivacyPromise() {
  return (
    <div className="relative overflow-hidden rounded-3xl border border-primary/20 bg-gradient-to-br from-primary/[0.07] via-background to-accent/40 p-8 sm:p-12">
      <div className="flex flex-col gap-6 md:flex-row md:items-center md:gap-12">
        <span aria-hidden="true" className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-lg shadow-primary/30">
          <LockIcon className="size-8" />
        </span>
        <div className="flex flex-col gap-3">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Our privacy promise</p>
          <h2 id="privacy-heading" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            We count ideas. We never read them.
          </h2>
          <p className="max-w-3xl text-muted-foreground text-pretty">
            The counter on this page shows how many jots have been saved and roughly where, and nothing more: never a
            word of what anyone wrote. Your jots go to your own file or your own Google Doc. Your e-mail address is used
            only for the download link and product updates.{' '}
            <Link to="/privacy-policy" className="font-medium text-primary underline-offset-4 hover:underline">
              Read the privacy policy
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}

const CLAIMS = [
  { value: 'AES-256', label: 'CBC encryption in transit' },
  { value: '24/7', label: 'technical support' },
  { value: '99.9%', label: 'API uptime' },
  { value: '<100ms', label: 'API response time' },
  { value: '2024', label: `${PRODUCT_NAME} founded` },
  { value: '10K+', label: 'ideas captured daily' },
  { value: '5★', label: 'star rating' },
  { value: '<10MB', label: 'download size' },
] as const;

export function ClaimsSection() {
  return (
    <Section
      labelledBy="claims-heading"
      className="bg-muted/40"
      eyebrow="Built to be trusted"
      title="Small app, serious engineering"
      description="The same care goes into the API that receives your jots as into the app that sends them."
    >
      <dl className="mt-12 grid grid-cols-2 gap-px overflow-hidden rounded-2xl border bg-border lg:grid-cols-4">
        {CLAIMS.map((claim) => (
          <div key={claim.label} className="flex flex-col-reverse gap-1 bg-card px-4 py-6 text-center sm:px-6 sm:py-8">
            <dt className="text-sm text-muted-foreground">{claim.label}</dt>
            <dd className="text-2xl font-extrabold tracking-tight sm:text-3xl">{claim.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

const PRO_FEATURES = [
  { icon: <StickyNoteIcon />, title: 'Google Keep', text: 'Drop jots into Keep as notes, ready on your phone the moment you pick it up.' },
  { icon: <AtSignIcon />, title: 'X', text: 'Turn a jot into a draft post in one click, so a good thought becomes a good post.' },
  { icon: <WorkflowIcon />, title: 'Zapier', text: 'Send jots to thousands of apps: Notion, Trello, Slack, your CRM, your to-do list.' },
  { icon: <SparklesIcon />, title: 'AI platforms', text: 'Hand a jot to your AI assistant to expand a one-liner into an outline or a plan.' },
] as const;

/** `waitlist`: the "get notified" form (ProWaitlistForm, split out of the first JavaScript by the route). */
export function ProSection({ waitlist }: { waitlist: ReactNode }) {
  return (
    <Section
      id="pro"
      labelledBy="pro-heading"
      className="scroll-mt-20"
      eyebrow={`Coming soon: ${PRODUCT_NAME} Pro`}
      title="Send ideas wherever you work"
      description="More destinations are on the way. Leave your e-mail and you will be the first to know when Pro launches."
    >
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {PRO_FEATURES.map((feature) => (
          <li key={feature.title} className="relative flex flex-col gap-3 rounded-2xl border border-dashed bg-card p-6">
            <Badge variant="outline" className="absolute top-4 right-4 border-primary/30 text-primary">
              Coming soon
            </Badge>
            <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-xl bg-muted text-foreground [&_svg]:size-5">
              {feature.icon}
            </span>
            <h3 className="text-lg font-semibold">{feature.title}</h3>
            <p className="text-sm text-muted-foreground text-pretty">{feature.text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10">{waitlist}</div>
      <p className="mt-8 text-center">
        <Link to="/#download" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
          Get the free version now <ArrowRightIcon aria-hidden="true" className="size-4" />
        </Link>
      </p>
    </Section>
  );
}
