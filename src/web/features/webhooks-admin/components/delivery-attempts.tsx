import { ChevronRightIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { WebhookAttempt, WebhookDelivery } from '../../../../shared/schemas/webhooks';
import { useWebhookAttempts } from '../api/webhook-attempts';
import { loadErrorText } from '~/components/list-states';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/utils';

/**
 * Issue 41 §5: a delivery's attempts behind a disclosure button (the row stays short; the list is read when opened):
 * for each, when, the HTTP status or why none came, duration, the answer's first bytes and the next retry.
 */
export function DeliveryAttempts({ delivery }: { delivery: WebhookDelivery }) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const attempts = useWebhookAttempts(delivery, isOpen);
  if (delivery.attempts === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="self-start"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <ChevronRightIcon
          aria-hidden="true"
          className={cn('transition-transform motion-reduce:transition-none', isOpen && 'rotate-90')}
        />
        Attempts ({delivery.attempts})
      </Button>
      <div id={listId} hidden={!isOpen}>
        {isOpen && attempts.isPending && <p className="text-xs text-muted-foreground">Loading attempts...</p>}
        {isOpen && attempts.isError && (
          <p role="alert" className="text-xs text-destructive">
            {loadErrorText('attempts', attempts.error)}
          </p>
        )}
        {attempts.data && (
          <ol className="flex flex-col gap-2" aria-label={`Attempts of ${delivery.eventType}`}>
            {attempts.data.map((attempt) => (
              <AttemptItem key={attempt.attempt} attempt={attempt} />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

function AttemptItem({ attempt }: { attempt: WebhookAttempt }) {
  return (
    <li className="flex flex-col gap-1 rounded-md border bg-muted/40 p-2 text-xs" data-testid="webhook-attempt">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">Attempt {attempt.attempt}</span>
        <time className="text-muted-foreground" dateTime={attempt.attemptedAt}>
          {new Date(attempt.attemptedAt).toLocaleString()}
        </time>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">HTTP status</dt>
          <dd>{attempt.responseStatus ?? 'No answer'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Duration</dt>
          <dd>{attempt.durationMs} ms</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Next retry</dt>
          <dd>{attempt.nextAttemptAt ? new Date(attempt.nextAttemptAt).toLocaleString() : '—'}</dd>
        </div>
      </dl>
      {attempt.error && <p className="wrap-anywhere text-destructive">{attempt.error}</p>}
      {attempt.responseSnippet && (
        <pre
          className="max-h-24 overflow-auto rounded bg-muted p-2 whitespace-pre-wrap break-all"
          aria-label={`Response to attempt ${attempt.attempt}`}
        >
          {attempt.responseSnippet}
        </pre>
      )}
    </li>
  );
}
