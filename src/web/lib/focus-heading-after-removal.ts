/** Part of the focus rules of return-focus.ts (decision 0052), for cards that list what a confirmation removes. */
import { useCallback, useRef } from 'react';

/**
 * A card whose confirmation can remove the row that opened it (a passkey, an invitation, a session): after such an
 * action (`openerRemoved()`), closing the confirmation puts focus on the card's heading (`headingRef`, with
 * tabIndex -1) instead of the gone opener; otherwise the dialog gives focus back as usual.
 */
export function useFocusHeadingAfterRemoval() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removed = useRef(false);
  const openerRemoved = useCallback(() => {
    removed.current = true;
  }, []);
  const onCloseAutoFocus = useCallback((event: Event) => {
    if (!removed.current) return;
    removed.current = false;
    event.preventDefault();
    headingRef.current?.focus();
  }, []);
  return { headingRef, openerRemoved, onCloseAutoFocus };
}
