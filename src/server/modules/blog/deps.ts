/** What the blog's service functions need: the database, the content events, the clock and the visitor keys. */
import type { ContentWriteDeps } from '../../lib/content-events.ts';
import type { VisitorKeys } from '../../lib/visitor-key.ts';
import type { AppServices } from '../../services.ts';

export interface BlogDeps extends ContentWriteDeps {
  /** The clock of scheduled posts and "today" for views (tests replace `services.now`). */
  now(): Date;
  visitors: VisitorKeys;
  /** The review's mails (decision 0058): a submitted draft to those who may publish, a returned one to its author. */
  mail: Pick<AppServices, 'mailer' | 'mailBrand'>;
}

export function blogDeps(services: AppServices): BlogDeps {
  return {
    db: services.database.db,
    events: services.contentEvents,
    now: () => services.now(),
    visitors: services.visitors,
    mail: { mailer: services.mailer, mailBrand: services.mailBrand },
  };
}
