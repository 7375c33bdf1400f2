/**
 * Focus goes back to what opened a dialog (issue 26: Esc or Cancel used to leave focus on <body>, so the next Tab
 * went to "Skip to content"). Radix returns focus only to its own Trigger; our dialogs are mostly opened from
 * state (a row's button, a menu item), so the dialog primitives remember the element that had focus when they
 * opened and focus it again when they close. An opener inside a menu (gone once the menu closes) is replaced by
 * the menu's button.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

type FocusEventHandler = (event: Event) => void;

/** The element to give focus back to: the opener itself, or for a menu item, the button of its menu. */
export function focusReturnTarget(opener: Element | null): HTMLElement | null {
  if (!(opener instanceof HTMLElement) || opener === document.body) return null;
  const menu = opener.closest('[role="menu"]');
  const menuButtonId = menu?.getAttribute('aria-labelledby');
  if (menuButtonId) return document.getElementById(menuButtonId);
  return opener;
}

export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: {
  onOpenAutoFocus?: FocusEventHandler;
  onCloseAutoFocus?: FocusEventHandler;
}) {
  const target = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Focus has not moved into the dialog yet.
      target.current = focusReturnTarget(document.activeElement);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const element = target.current;
      target.current = null;
      if (element?.isConnected) {
        event.preventDefault();
        element.focus();
      }
    },
  };
}

/**
 * An editor that takes the place of a list on the same screen (a page, a campaign): `open(item)` shows it,
 * `close()` goes back, and focus returns to the button that opened it. The screen keeps the list mounted but
 * hidden while the editor shows, so that button is still there to take focus.
 */
export function useInPageEditor<Item>() {
  const [editing, setEditing] = useState<Item | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (editing !== null) return;
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) element.focus();
  }, [editing]);
  // Stable, so a list's memoised columns can hold it: new columns remount the table's cells, and focus with them.
  const open = useCallback((item: Item) => {
    opener.current = focusReturnTarget(document.activeElement);
    setEditing(item);
  }, []);
  const close = useCallback(() => setEditing(null), []);
  return { editing, open, close };
}
