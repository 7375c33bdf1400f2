/**
 * The app's toasts: sonner's, with one toast per kind on screen. A new error replaces the error still showing
 * (and a new success the success), so stale messages never stack beside the one that answers the last action.
 *
 *   toast.error('Error', { description: 'Failed to delete build GUID' });
 */
import { type ExternalToast, toast as sonner } from 'sonner';

type Message = Parameters<typeof sonner>[0];
type Kind = 'success' | 'error' | 'info' | 'warning';

const show = (kind: Kind) => (message: Message, options?: ExternalToast) =>
  sonner[kind](message, { id: kind, ...options });

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  dismiss: sonner.dismiss,
};
