/**
 * Focus goes back to what opened a dialog, drawer, menu, confirmation or in-page editor (decision 0052, which
 * extends 0031). Radix returns focus only to its own Trigger; our dialogs are mostly opened from state (a row's
 * button, a menu item), so the primitives remember the opener when they open and give focus back when they close.
 *
 * The opener is often gone by then, or goes a moment later: a save re-renders the row, disables the button while
 * it waits, deletes the row or closes the editor. One rule decides where focus lands instead, in this order:
 *   1. the opener itself, when it is still in the page and can take focus;
 *   2. its replacement: the same control drawn again (same role and name, in the same row when it had one);
 *   3. the next row's (else the previous row's) first control, when its row is gone;
 *   4. the heading of the region it sat in (the list's heading), else the page's level-1 heading.
 * After giving focus back, a short watch repeats the rule if the page takes focus away again (a refetch that
 * redraws the row) until the person presses a key or the pointer, or focus is placed anywhere on purpose.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

type FocusEventHandler = (event: Event) => void;

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';
const ROW = 'tr, li, [role="row"]';
const HEADING = 'h1, h2, h3';
/** The watch ends at the latest after this long, so a forgotten one cannot move focus later. */
const WATCH_LIMIT_MS = 5000;

/** Where focus went before a dialog opened, and what to look for when it has to be found again. */
export interface FocusReturn {
  element: HTMLElement;
  name: string;
  /** The record the opener belonged to (a table row, a list item), when it had one. */
  row: Element | null;
  rowKey: string | null;
  /** Its place among its row's controls, to find it in the redrawn row when its name changed (a renamed post). */
  indexInRow: number;
  nextRow: Element | null;
  previousRow: Element | null;
  heading: HTMLElement | null;
}

const accessibleName = (element: Element) =>
  (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A row's identity across redraws: its key attribute when it has one, else the controls' names it holds. */
const rowKeyOf = (row: Element | null) =>
  row?.getAttribute('data-row-key') ?? row?.getAttribute('id') ?? (row ? accessibleName(row).slice(0, 200) : null);

function canTakeFocus(element: Element | null | undefined): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  // Not aria-hidden: a closing modal dialog still hides the page that way for a moment, and it never stops focus.
  if (element.matches(':disabled') || element.closest('[hidden], [inert]')) return false;
  return element.getClientRects().length > 0;
}

/** The heading nearest before `element` inside the smallest region around it that has one, within <main>. */
function headingBefore(element: Element): HTMLElement | null {
  const main = element.closest('main') ?? document.querySelector('main');
  for (let region = element.parentElement; region; region = region.parentElement) {
    const before = [...region.querySelectorAll<HTMLElement>(HEADING)].filter(
      (heading) => heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    if (before.length > 0) return before[before.length - 1]!;
    if (region === main) break;
  }
  return null;
}

/** The element to give focus back to: the opener itself, or for a menu item, the button of its menu. */
export function focusReturnTarget(opener: Element | null): HTMLElement | null {
  if (!(opener instanceof HTMLElement) || opener === document.body) return null;
  const menu = opener.closest('[role="menu"]');
  const menuButtonId = menu?.getAttribute('aria-labelledby');
  if (menuButtonId) return document.getElementById(menuButtonId);
  return opener;
}

/** Remembers the focused element (or the menu button it belongs to) as the place focus returns to. */
export function rememberOpener(active: Element | null = document.activeElement): FocusReturn | null {
  const element = focusReturnTarget(active);
  if (!element) return null;
  const row = element.closest(ROW);
  return {
    element,
    name: accessibleName(element),
    row,
    rowKey: rowKeyOf(row),
    indexInRow: row ? [...row.querySelectorAll(FOCUSABLE)].indexOf(element) : -1,
    nextRow: row?.nextElementSibling ?? null,
    previousRow: row?.previousElementSibling ?? null,
    heading: headingBefore(element),
  };
}

function replacementOf(opener: FocusReturn): HTMLElement | undefined {
  const role = opener.element.getAttribute('role');
  const candidates = [...document.querySelectorAll<HTMLElement>(opener.element.tagName)].filter(
    (element) => element.getAttribute('role') === role && accessibleName(element) === opener.name && canTakeFocus(element),
  );
  if (opener.rowKey === null) return candidates[0];
  const inSameRow = candidates.find((element) => rowKeyOf(element.closest(ROW)) === opener.rowKey);
  if (inSameRow) return inSameRow;
  const row = [...document.querySelectorAll(ROW)].find((element) => element !== opener.row && rowKeyOf(element) === opener.rowKey);
  const atSamePlace = row?.querySelectorAll(FOCUSABLE)[opener.indexInRow];
  return (canTakeFocus(atSamePlace) ? atSamePlace : undefined) ?? candidates[0];
}

function firstControlOf(row: Element | null): HTMLElement | undefined {
  if (!row?.isConnected) return undefined;
  return [...row.querySelectorAll(FOCUSABLE)].find(canTakeFocus);
}

function focusHeading(heading: HTMLElement | null | undefined): boolean {
  if (!heading?.isConnected || heading.closest('[hidden]')) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}

/** Decision 0052's rule: the opener, its replacement, the next (or previous) row, the region's heading, the h1. */
export function restoreFocus(opener: FocusReturn): void {
  const target =
    (canTakeFocus(opener.element) ? opener.element : undefined) ??
    replacementOf(opener) ??
    (opener.row?.isConnected ? undefined : (firstControlOf(opener.nextRow) ?? firstControlOf(opener.previousRow)));
  if (target) {
    target.focus();
    if (document.activeElement === target) return;
  }
  if (focusHeading(opener.heading)) return;
  focusHeading(document.querySelector<HTMLElement>('main h1'));
}

const isFocusLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Gives focus back now, and again whenever the page drops it to <body> before the person acts: a save that
 * answers after the dialog closed redraws the row, or disables and re-enables its button.
 */
export function returnFocus(opener: FocusReturn): void {
  restoreFocus(opener);
  const observer = new MutationObserver(() => {
    if (isFocusLost()) restoreFocus(opener);
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of ['keydown', 'pointerdown'] as const) document.removeEventListener(type, stop, true);
  };
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden'] });
  const timer = setTimeout(stop, WATCH_LIMIT_MS);
  for (const type of ['keydown', 'pointerdown'] as const) document.addEventListener(type, stop, true);
}

/** The dialog primitives' focus handlers (dialog, alert dialog, sheet): remember on open, return on close. */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: {
  onOpenAutoFocus?: FocusEventHandler;
  onCloseAutoFocus?: FocusEventHandler;
}) {
  const opener = useRef<FocusReturn | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Focus has not moved into the dialog yet.
      opener.current = rememberOpener();
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const remembered = opener.current;
      opener.current = null;
      if (!remembered) return;
      event.preventDefault();
      // Radix calls this a task after the dialog unmounts: when the screen has placed focus meanwhile (an editor that
      // closed with its confirmation gave it to the post's Edit), that choice stands.
      if (isFocusLost()) returnFocus(remembered);
    },
  };
}

/**
 * An editor that takes the place of a list on the same screen (a page, a campaign, a post): `open(item)` shows it,
 * `close()` goes back, and focus returns to the button that opened it by decision 0052's rule — the same element
 * when the screen keeps the list mounted but hidden, else the button drawn again in its place. `initial` opens the
 * editor at once (a draft restored from the browser); closing it then goes to the page's heading.
 */
export function useInPageEditor<Item>(initial: () => Item | null = () => null) {
  const [editing, setEditing] = useState<Item | null>(initial);
  const opener = useRef<FocusReturn | null>(null);
  const wasEditing = useRef(editing !== null);
  // Before paint, so the page never shows focus on <body> between the editor closing and the list showing.
  useLayoutEffect(() => {
    const wasOpen = wasEditing.current;
    wasEditing.current = editing !== null;
    if (editing !== null || !wasOpen) return;
    const remembered = opener.current;
    opener.current = null;
    if (remembered) returnFocus(remembered);
    else if (isFocusLost()) focusHeading(document.querySelector<HTMLElement>('main h1'));
  }, [editing]);
  // Stable, so a list's memoised columns can hold it: new columns remount the table's cells, and focus with them.
  const open = useCallback((item: Item) => {
    opener.current = rememberOpener();
    setEditing(item);
  }, []);
  const close = useCallback(() => setEditing(null), []);
  return { editing, open, close };
}
