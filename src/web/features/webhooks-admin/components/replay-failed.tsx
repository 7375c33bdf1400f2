import { RotateCcwIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useReplayFailedWebhooks } from '../api/webhook-deliveries';
import { DateTimeField } from '~/components/date-time-field';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

/** The time the control offers first: a day back, the usual "what failed while the receiver was down". */
const DEFAULT_LOOK_BACK_MS = 24 * 60 * 60 * 1000;

/** Issue 41 §5: "Replay failed since…": each event that failed to reach the endpoint since then is sent once more. */
export function ReplayFailedSince({ endpointId }: { endpointId: number }) {
  const id = useId();
  const [since, setSince] = useState<Date | null>(() => new Date(Date.now() - DEFAULT_LOOK_BACK_MS));
  const replay = useReplayFailedWebhooks(endpointId);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Replay failed since</Label>
      <div className="flex flex-wrap items-center gap-2">
        <DateTimeField
          id={id}
          label="Replay failed since"
          value={since}
          onChange={setSince}
          className="w-56 max-w-full"
        />
        <Button
          type="button"
          variant="outline"
          disabled={since === null}
          isPending={replay.isPending}
          onClick={() => {
            if (!since) return;
            replay.mutate(
              { since: since.toISOString() },
              {
                onSuccess: ({ replayed }) =>
                  toast.success(
                    replayed === 0
                      ? 'No failed deliveries to replay'
                      : `${replayed} failed ${replayed === 1 ? 'delivery' : 'deliveries'} queued again`,
                    { description: `Failed since ${since.toLocaleString()}` },
                  ),
                onError: (error) =>
                  toast.error('Failed to replay the failed deliveries', {
                    description: serverMessageOr(error, 'Please try again.'),
                  }),
              },
            );
          }}
        >
          <RotateCcwIcon aria-hidden="true" /> Replay failed
        </Button>
      </div>
    </div>
  );
}
