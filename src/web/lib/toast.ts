/**
 * The app's toasts: sonner's, with one toast per kind on screen. A new error replaces the error still showing
 * (and a new success the success), so stale messages never stack beside the one that answers the last action.
 *
 *   toast.error('Error', { description: 'Failed to delete build GUID' });
 *
 * The stale toast is dismissed and the new one gets an id of its own. Reusing one id per kind lost messages: a toast
 * shown while the previous one with that id was closing (its 200 ms exit) was merged into the closing one and
 * removed with it, so "1 failed delivery queued again" never appeared when "Test event queued" had just timed out.
 */
import { type ExternalToast, toast as sonner } from 'sonner';

type Message = Parameters<typeof sonner>[0];
type Kind = 'success' | 'error' | 'info' | 'warning';

const showing = new Map<Kind, string | number>();
let shown = 0;

const show = (kind: Kind) => (message: Message, options?: ExternalToast) => {
  const previous = showing.get(kind);
  const id = options?.id ?? `${kind}-${(shown += 1)}`;
  if (previous !== undefined && previous !== id) sonner.dismiss(previous);
  showing.set(kind, id);
  return sonner[kind](message, { ...options, id });
};

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  dismiss: sonner.dismiss,
};
