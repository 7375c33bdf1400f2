import { ArrowRightIcon } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/utils';

/**
 * A page section with the site's horizontal rhythm. With a `title`, it opens with its SectionHeading, whose id is
 * `labelledBy`, so the heading names the section.
 */
export function Section({
  id,
  className,
  innerClassName,
  labelledBy,
  eyebrow,
  title,
  description,
  children,
}: {
  id?: string;
  className?: string;
  innerClassName?: string;
  labelledBy?: string;
  eyebrow?: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={cn('py-16 sm:py-24', className)}>
      <div className={cn('mx-auto max-w-6xl px-4 sm:px-6', innerClassName)}>
        {title && <SectionHeading id={labelledBy} eyebrow={eyebrow} title={title} description={description} />}
        {children}
      </div>
    </section>
  );
}

/** Eyebrow, heading and lead paragraph of a section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = 'center',
  className,
}: {
  id?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  align?: 'center' | 'left';
  className?: string;
}) {
  return (
    <div className={cn('flex max-w-2xl flex-col gap-3', align === 'center' && 'mx-auto items-center text-center', className)}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {description && <p className="text-lg text-muted-foreground text-pretty">{description}</p>}
    </div>
  );
}

/** An icon tile for feature cards. */
export function IconBadge({ children, tone = 'primary' }: { children: ReactNode; tone?: 'primary' | 'idea' | 'muted' }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-xl [&_svg]:size-5',
        tone === 'primary' && 'bg-primary/10 text-primary',
        tone === 'idea' && 'bg-accent text-accent-foreground',
        tone === 'muted' && 'bg-muted text-muted-foreground',
      )}
    >
      {children}
    </span>
  );
}

/** A feature card: icon, heading, text. */
export function FeatureCard({
  icon,
  title,
  children,
  tone,
  headingLevel = 3,
  className,
}: {
  icon: ReactNode;
  title: ReactNode;
  children: ReactNode;
  tone?: 'primary' | 'idea' | 'muted';
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cn('flex flex-col gap-4 rounded-2xl border bg-card p-6 shadow-xs', className)}>
      <IconBadge tone={tone}>{icon}</IconBadge>
      <Heading className="text-lg font-semibold">{title}</Heading>
      <div className="text-muted-foreground text-pretty">{children}</div>
    </div>
  );
}

export interface Feature {
  icon: ReactNode;
  title: string;
  text: ReactNode;
}

/** Feature cards under a section's heading; `className` sets the columns (three from md by default). */
export function FeatureGrid({
  features,
  tone,
  className = 'md:grid-cols-3',
}: {
  features: readonly Feature[];
  tone?: 'primary' | 'idea' | 'muted';
  className?: string;
}) {
  return (
    <div className={cn('mt-12 grid gap-6', className)}>
      {features.map((feature) => (
        <FeatureCard key={feature.title} icon={feature.icon} tone={tone} title={feature.title}>
          {feature.text}
        </FeatureCard>
      ))}
    </div>
  );
}

/** A page's closing links: the download, with its arrow, then a second way on. */
export function DownloadLinks({
  label,
  secondary,
  className,
}: {
  label: ReactNode;
  secondary: { to: string; label: ReactNode };
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row', className)}>
      <Button asChild size="lg">
        <Link to="/#download">
          {label} <ArrowRightIcon aria-hidden="true" />
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={secondary.to}>{secondary.label}</Link>
      </Button>
    </div>
  );
}

/** The card around a page's form, headed by `title` (which names it); the form's code loads behind a placeholder. */
export function FormCard({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cn('rounded-2xl border bg-card p-6 shadow-xs sm:p-8', className)}>
      <h2 id={id} className="mb-6 text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <Suspense fallback={<FormPlaceholder />}>{children}</Suspense>
    </section>
  );
}

/** A form page's body: the form's card and, beside it from lg, an aside named `asideLabel`. */
export function FormWithAside({
  id,
  title,
  asideLabel,
  aside,
  children,
}: {
  id: string;
  title: string;
  asideLabel: string;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.6fr_1fr]">
      <FormCard id={id} title={title} className="self-start">
        {children}
      </FormCard>
      <aside aria-label={asideLabel} className="flex flex-col gap-4">
        {aside}
      </aside>
    </div>
  );
}

/** The top of an inner page: eyebrow, the page's h1 and a lead paragraph on a soft band. */
export function PageIntro({
  eyebrow,
  title,
  description,
  children,
  align = 'left',
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  align?: 'left' | 'center';
}) {
  return (
    <div className="border-b bg-gradient-to-b from-primary/[0.06] to-background">
      <div className={cn('mx-auto flex max-w-6xl flex-col gap-4 px-4 py-14 sm:px-6 sm:py-20', align === 'center' && 'items-center text-center')}>
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {description && <p className="max-w-2xl text-lg text-muted-foreground text-pretty">{description}</p>}
        {children}
      </div>
    </div>
  );
}

/**
 * Holds a split form's place while its code loads after a client-side navigation (never shown on a first load: the
 * server HTML stays until the form hydrates).
 */
export function FormPlaceholder({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('min-h-96', className)} />;
}
