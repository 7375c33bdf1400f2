import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';

/**
 * The card an admin list sits in (Users, Leads, Inbox, Audit log, the content lists, API clients): its heading with
 * the count once it is known, what the list holds, an action beside the heading, the filters under it, then the
 * table (and the list's dialogs).
 */
export function ListCard({
  title,
  count,
  description,
  action,
  filters,
  headingId,
  children,
}: {
  title: string;
  /** Every row the filters keep; undefined until the first answer. */
  count: number | undefined;
  description?: ReactNode;
  action?: ReactNode;
  filters?: ReactNode;
  /** Makes the card a region named by its heading (a screen with two lists). */
  headingId?: string;
  children: ReactNode;
}) {
  return (
    <Card role={headingId ? 'region' : undefined} aria-labelledby={headingId}>
      <CardHeader className="gap-4 px-4 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1.5">
            <h2 id={headingId} className="text-lg font-semibold">
              {title}
              {count === undefined ? '' : ` (${count.toLocaleString('en-US')})`}
            </h2>
            {description && <CardDescription>{description}</CardDescription>}
          </div>
          {action}
        </div>
        {filters}
      </CardHeader>
      <CardContent className="px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}
