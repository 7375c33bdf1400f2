import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '~/components/ui/card';
import { cn } from '~/lib/utils';

const TONES = { primary: 'text-primary', success: 'text-success', destructive: 'text-destructive' } as const;

/**
 * The one card of a page that says one thing (a link's outcome: confirmed, unsubscribed, invalid): a large icon in
 * the tone of the news, the page's h1, a sentence, then what the visitor can do next.
 */
export function MessageCard({
  icon: Icon,
  tone,
  title,
  description,
  children,
  contentClassName,
  footer,
  footerClassName = 'justify-center',
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: ReactNode;
  description?: ReactNode;
  /** Under the header, in muted text. */
  children?: ReactNode;
  contentClassName?: string;
  /** The next step (a link or a form). */
  footer?: ReactNode;
  footerClassName?: string;
}) {
  return (
    <Card className="text-center">
      <CardHeader className="justify-items-center">
        <Icon aria-hidden="true" className={cn('size-12', TONES[tone])} />
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children && <CardContent className={cn('text-muted-foreground', contentClassName)}>{children}</CardContent>}
      {footer && <CardFooter className={footerClassName}>{footer}</CardFooter>}
    </Card>
  );
}
