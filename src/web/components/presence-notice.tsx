/**
 * "sam is editing this page" (issue 39 §2, decision 0081): the other people with the same document open in an
 * editor, live from its presence stream (`{documentPath}/presence`). Says nothing while no one else has it open; the
 * version check still refuses a stale save, so this is a warning, not a lock.
 */
import { UsersIcon } from 'lucide-react';
import { useAuth } from '~/lib/auth';
import { useEventStream } from '~/lib/event-stream';

interface PresentEditor {
  userId: number;
  name: string;
}

/** "sam", "sam and alex", "sam, alex and 2 others". */
export function editorNames(names: string[]): string {
  if (names.length <= 2) return names.join(' and ');
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} others`;
}

export function PresenceNotice({ documentPath, noun }: { /** `/api/pages/12`; null before the document exists. */ documentPath: string | null; noun: string }) {
  const { user } = useAuth();
  const presence = useEventStream<{ editors: PresentEditor[] }>(documentPath === null ? null : `${documentPath}/presence`, 'presence');
  const others = (presence?.editors ?? []).filter((editor) => editor.userId !== user?.id).map((editor) => editor.name);
  return (
    <p role="status" className={others.length === 0 ? 'sr-only' : 'flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100'}>
      {others.length > 0 && (
        <>
          <UsersIcon aria-hidden="true" className="size-4 shrink-0" />
          <span className="wrap-anywhere">
            {editorNames(others)} {others.length === 1 ? 'is' : 'are'} editing this {noun}. Saving over their changes asks first.
          </span>
        </>
      )}
    </p>
  );
}
