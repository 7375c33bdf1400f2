import * as React from 'react';
import { Toaster as Sonner } from 'sonner';
import type { ToasterProps } from 'sonner';
import { themeSetting } from '~/lib/theme';

type ToasterStyle = React.CSSProperties & Record<`--${string}`, string>;

/*
 * Sonner's own rich colours miss 4.5:1 in places (e.g. warning text on its amber tint), so the palette is overridden
 * with app.css's toast tokens (light and dark): every text/background pair is at least 7:1.
 */
const toasterStyle: ToasterStyle = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
  ...Object.fromEntries(
    ['success', 'info', 'warning', 'error'].flatMap((kind) =>
      ['bg', 'border', 'text'].map((part) => [`--${kind}-${part}`, `var(--toast-${kind}-${part})`]),
    ),
  ),
  '--border-radius': 'var(--radius)',
};

// Sonner lays toasts out full-width below this width (its styles.css).
const PHONE_QUERY = '(max-width: 600px)';
const GAP_BELOW_HEADER_PX = 8;

function subscribeToPhoneQuery(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Where the sticky site header ends on screen. It moves while a banner strip above it scrolls away, and when the
 * strips arrive after hydration (no scroll or resize then: the page's height changes, which the observer sees).
 */
function useHeaderBottom(isActive: boolean): number {
  const [bottom, setBottom] = React.useState(0);
  React.useEffect(() => {
    if (!isActive) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setBottom(Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0)));
    };
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const pageSize = new ResizeObserver(measure);
    pageSize.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      pageSize.disconnect();
    };
  }, [isActive]);
  return bottom;
}

/*
 * Toasts never cover the header (More, Sign In, Sign Out): bottom right on a desktop, and on a phone at the top,
 * just below the header, where the on-screen keyboard does not hide them. Rendered only in the browser (root.tsx).
 */
function Toaster({ style, ...props }: ToasterProps) {
  const isPhone = React.useSyncExternalStore(
    subscribeToPhoneQuery,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
  const headerBottom = useHeaderBottom(isPhone);
  const [theme] = themeSetting.use();
  return (
    <Sonner
      theme={theme}
      className="toaster group"
      richColors
      closeButton
      position={isPhone ? 'top-center' : 'bottom-right'}
      mobileOffset={{ top: headerBottom + GAP_BELOW_HEADER_PX }}
      style={{ ...toasterStyle, ...style }}
      {...props}
    />
  );
}

export { Toaster };
export type { ToasterProps };
