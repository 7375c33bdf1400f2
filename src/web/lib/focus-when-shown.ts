import { canTakeFocus, focusHeading, isFocusLost, WATCH_LIMIT_MS } from './return-focus';

/**
 * Focus for a screen someone came back to from a view of its own (the post editor's route, decision 0072; decision
 * 0052's rule for the way back): the control `find` names once it is drawn (the list arrives from the cache or the
 * network), else after `limitMs` the page's level-1 heading. Stops as soon as the person presses a key or the
 * pointer, or focus is placed on purpose. A file of its own, so the dialogs every admin screen loads
 * (return-focus.ts) do not carry it.
 */
export function focusWhenShown(find: () => HTMLElement | null, limitMs = WATCH_LIMIT_MS): () => void {
  let isDone = false;
  const tryFocus = () => {
    if (isDone) return;
    if (!isFocusLost() && document.activeElement !== document.querySelector('main')) return stop();
    const target = find();
    if (!canTakeFocus(target)) return;
    target.focus();
    if (document.activeElement === target) stop();
  };
  const observer = new MutationObserver(tryFocus);
  const timer = setTimeout(() => {
    if (!isDone && isFocusLost()) focusHeading(document.querySelector<HTMLElement>('main h1'));
    stop();
  }, limitMs);
  function stop() {
    isDone = true;
    observer.disconnect();
    clearTimeout(timer);
    for (const type of ['keydown', 'pointerdown'] as const) document.removeEventListener(type, stop, true);
  }
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden'] });
  for (const type of ['keydown', 'pointerdown'] as const) document.addEventListener(type, stop, true);
  tryFocus();
  return stop;
}
