import { type ReactNode, useEffect, useRef } from 'react';
import { cn } from '~/lib/utils';

/**
 * What a form turns into once sent ("Thank You!", "Invitation Sent!"): an icon, a heading that takes the focus so
 * keyboard and screen-reader users land on the outcome, a text and an action to go again.
 */
export function ResultPanel({
  icon,
  title,
  children,
  action,
  headingLevel = 2,
  className,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Heading = `h${headingLevel}` as const;
  return (
    <div role="status" className={cn('flex flex-col items-center gap-4 px-2 py-10 text-center', className)}>
      <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-success/10 text-success [&_svg]:size-8">
        {icon}
      </span>
      <Heading ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
        {title}
      </Heading>
      <div className="max-w-md text-muted-foreground text-pretty">{children}</div>
      {action}
    </div>
  );
}
