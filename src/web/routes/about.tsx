import { CodeIcon, GaugeIcon, HeartIcon, KeyRoundIcon, LockIcon, MonitorIcon, ServerIcon, ZapIcon } from 'lucide-react';
import { pageTitle, PRODUCT_NAME } from '../../shared/brand';
import { DownloadLinks, type Feature, FeatureGrid, PageIntro, Section } from '~/features/marketing';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/about';
import { SAME_FOR_EVERYONE } from '~/lib/server-context';

export const handle = SAME_FOR_EVERYONE;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle('About'),
    description: `Why we build ${PRODUCT_NAME}: the fastest way to catch an idea before it is gone. Our mission, values, team and technology.`,
    path: '/about',
    origin: originFromMatches(matches),
  });

const TEAM = [
  { name: 'Jonah Whitfield', role: 'Product', initials: 'JW', bio: 'Studied cognitive psychology, then spent a decade building productivity tools. Keeps asking how fast an idea can be written down.' },
  { name: 'Tomasz Wierzbicki', role: 'Desktop app', initials: 'TW', bio: 'Builds the Windows app, from the tray menu to the plugins that write your jots to a file or to Google Docs.' },
  { name: 'Elena Marsh', role: 'Security', initials: 'EM', bio: 'Designed the v2 jot envelope and reviews every change that touches keys or payloads.' },
  { name: 'Priya Raman', role: 'Backend', initials: 'PR', bio: 'Looks after the jot API, the PostgreSQL behind it and the benchmarks that keep both honest.' },
] as const;

const TECHNOLOGY: Feature[] = [
  {
    icon: <MonitorIcon />,
    title: 'A native tray app',
    text: 'A small Windows app (under 10 MB) that starts with your PC and stays out of the way: a tray icon, a jot window, smart auto-close, and plugins for a local file or Google Docs.',
  },
  {
    icon: <KeyRoundIcon />,
    title: 'Encrypted on the wire',
    text: 'Jots travel as AES-256 in CBC mode with a key derived from the build of the app; the v2 format adds an HMAC so the server checks every payload before it decrypts anything.',
  },
  {
    icon: <ServerIcon />,
    title: 'A boring, reliable backend',
    text: 'PostgreSQL, a stateless API that scales out behind a load balancer, and jobs that retry instead of losing data. We design for 99.9% uptime and sub-100 ms answers.',
  },
  {
    icon: <CodeIcon />,
    title: 'An API for developers',
    text: 'The same encrypted protocol the app uses is documented and open to developers, with an interactive reference and a tester for trying it out.',
  },
];

const VALUES: Feature[] = [
  {
    icon: <ZapIcon />,
    title: 'Speed is a feature',
    text: 'Every millisecond between an idea and Enter is a chance to lose it. We measure it, and we treat regressions as bugs.',
  },
  {
    icon: <LockIcon />,
    title: 'Your ideas are yours',
    text: 'We count jots; we do not read them, sell them or train anything on them. Your e-mail is for the download and updates only.',
  },
  {
    icon: <HeartIcon />,
    title: 'Small and honest',
    text: 'One job done well. No dark patterns, no upsell pop-ups, and claims on this site we can back up.',
  },
  {
    icon: <GaugeIcon />,
    title: 'Built to last',
    text: 'Plain text files, open formats and a documented API, so your notes outlive any app, including ours.',
  },
];

export default function About() {
  return (
    <>
      <PageIntro
        eyebrow={`About ${PRODUCT_NAME}`}
        title="We build the shortest path from a thought to a note"
        description={`${PRODUCT_NAME} started in Nashville in 2024 with a simple frustration: the best ideas arrive at the worst moments, and every notes app wanted us to stop what we were doing first.`}
      />

      <Section labelledBy="mission-heading" innerClassName="grid items-center gap-12 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Our mission</p>
          <h2 id="mission-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            No good idea should be lost because writing it down took too long.
          </h2>
          <p className="text-lg text-muted-foreground text-pretty">
            Ideas show up in the shower, halfway through a meeting, or while you are deep in something else. Working memory
            holds them for seconds. {PRODUCT_NAME} exists to make saving one faster than forgetting it: one click, a line
            of text, Enter, done.
          </p>
          <p className="text-lg text-muted-foreground text-pretty">
            We are not building a second brain or a knowledge base. We are building the inbox in front of it, so that what
            you think of actually reaches the tools you already use.
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {[
            ['2024', 'founded in Nashville, Tennessee'],
            ['10K+', 'ideas captured every day'],
            ['<10MB', 'the whole app'],
            ['24/7', 'technical support'],
          ].map(([value, label]) => (
            <div key={label} className="flex flex-col-reverse gap-1 rounded-2xl border bg-card p-6 shadow-xs">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-3xl font-extrabold tracking-tight text-primary">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section labelledBy="values-heading" className="bg-muted/40" eyebrow="Our values" title="What we will not compromise on">
        <FeatureGrid features={VALUES} className="sm:grid-cols-2 lg:grid-cols-4" />
      </Section>

      <Section
        labelledBy="team-heading"
        eyebrow="The team"
        title="A small team that uses its own app every day"
        description="Product, desktop, security and backend: four people, each owning one part of the path your idea takes."
      >
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TEAM.map((member) => (
            <li key={member.name} className="flex flex-col gap-4 rounded-2xl border bg-card p-6 shadow-xs">
              <span
                aria-hidden="true"
                className="flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-primary to-indigo-400 text-lg font-bold text-primary-foreground"
              >
                {member.initials}
              </span>
              <div>
                <h3 className="font-semibold">{member.name}</h3>
                <p className="text-sm font-medium text-primary">{member.role}</p>
              </div>
              <p className="text-sm text-muted-foreground text-pretty">{member.bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        labelledBy="technology-heading"
        className="bg-muted/40"
        eyebrow="Technology"
        title="Simple on the outside, careful on the inside"
        description="What happens between pressing Enter and your idea being safe."
      >
        <FeatureGrid features={TECHNOLOGY} className="md:grid-cols-2" />
      </Section>

      <Section labelledBy="about-cta-heading" innerClassName="flex flex-col items-center gap-6 text-center">
        <h2 id="about-cta-heading" className="text-3xl font-bold tracking-tight text-balance">
          Try it on your next idea
        </h2>
        <p className="max-w-xl text-lg text-muted-foreground">Free for Windows, under 10 MB, and ready in about a minute.</p>
        <DownloadLinks label={`Get ${PRODUCT_NAME} free`} secondary={{ to: '/contact', label: 'Talk to us' }} />
      </Section>
    </>
  );
}
