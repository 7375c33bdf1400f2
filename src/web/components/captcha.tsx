/**
 * The ALTCHA captcha (docs/architecture.md §5): a proof-of-work the browser solves; the form sends the payload as `captcha`.
 *
 * - SSR-safe: the server renders an empty `<altcha-widget>`; the widget's code (a web component, ~30 KB gzip)
 *   is imported in an effect, so it runs only in the browser and only on pages that render a captcha.
 * - CSP: we load `altcha/external` (no injected <style>, no blob worker), its stylesheet as a file and the
 *   SHA worker as a file of our own origin — nothing needs 'unsafe-inline', eval or a remote script.
 * - Each solution is accepted once: call `ref.current.reset()` after every submit.
 */
import type { AltchaWidgetElement } from 'altcha/external';
import * as React from 'react';

import { cn } from '~/lib/utils';

export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

type WidgetState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code';

type AltchaWidgetAttributes = React.HTMLAttributes<HTMLElement> & {
  ref?: React.Ref<AltchaWidgetElement>;
  /** URL to fetch a challenge from (altcha 3.x; 1.x/2.x called it `challengeurl`). */
  challenge?: string;
  auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
  display?: 'standard' | 'bar' | 'floating' | 'overlay' | 'invisible';
  /** Name of the hidden input the widget adds to its form. */
  name?: string;
  type?: 'native' | 'checkbox' | 'switch';
  /** JSON of further options (hideFooter, hideLogo, minDuration, …). */
  configuration?: string;
  language?: string;
  theme?: string;
  workers?: number;
};

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- the JSX namespace is how React types custom elements.
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': AltchaWidgetAttributes;
    }
  }
}

export interface CaptchaHandle {
  /** Forget the current solution; the invisible captcha starts solving a new one at once. */
  reset(): void;
}

export interface CaptchaProps {
  /** The solved payload to send as `captcha`, or null when there is none (not yet, expired, reset, error). */
  onChange(payload: string | null): void;
  /** Public forms: solve on load with no click and show only a one-line status. */
  invisible?: boolean;
  ref?: React.Ref<CaptchaHandle>;
  className?: string;
  /** Name of the hidden input the widget adds to its form (for native form posts). */
  name?: string;
}

let altchaLoaded: Promise<void> | undefined;

/** Loads the web component once per page; the SHA worker is registered before any verification starts. */
function loadAltcha(): Promise<void> {
  altchaLoaded ??= (async () => {
    const [{ default: ShaWorker }] = await Promise.all([import('altcha/workers/sha?worker'), import('altcha/altcha.css')]);
    await import('altcha/external');
    // The server issues SHA-256 challenges (see src/server/modules/captcha/service.ts).
    for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
      globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker({ name: 'altcha-sha' }));
    }
  })().catch((error: unknown) => {
    altchaLoaded = undefined;
    throw error;
  });
  return altchaLoaded;
}

// The widget's colours and shapes from the app's theme tokens (app.css). Its defaults sit on :root, where
// variables built from other variables are already resolved, so each one used is set here directly.
const themeClasses = [
  '[--altcha-color-base:var(--card)] [--altcha-color-base-content:var(--card-foreground)]',
  '[--altcha-border-color:var(--border)] [--altcha-border-radius:calc(var(--radius)_-_2px)]',
  '[--altcha-color-primary:var(--primary)] [--altcha-color-primary-content:var(--primary-foreground)]',
  '[--altcha-color-success:var(--success)] [--altcha-color-success-content:var(--success-foreground)]',
  '[--altcha-color-error:var(--destructive)] [--altcha-color-error-content:var(--destructive-foreground)]',
  '[--altcha-color-neutral:var(--border)] [--altcha-color-neutral-content:var(--muted-foreground)]',
  '[--altcha-checkbox-border-color:var(--input)] [--altcha-checkbox-border-radius:calc(var(--radius)_-_4px)]',
  '[--altcha-checkbox-outline:2px_solid_var(--ring)] [--altcha-popover-color:var(--border)]',
  '[--altcha-input-background-color:var(--background)] [--altcha-input-color:var(--foreground)]',
  '[--altcha-spinner-color:var(--primary)] [--altcha-max-width:100%]',
  // altcha 3.2.2 lays the tick <svg> over the checkbox without pointer-events: none, so a click on the
  // middle of the box hits the svg and does nothing. (Its `all: revert-layer` falls back to this layer.)
  '[&_.altcha-checkbox_svg]:pointer-events-none',
].join(' ');

const WIDGET_OPTIONS = JSON.stringify({ hideFooter: true, hideLogo: true });

export function Captcha({ onChange, invisible = false, ref, className, name = 'captcha' }: CaptchaProps) {
  const widgetRef = React.useRef<AltchaWidgetElement>(null);
  const [state, setState] = React.useState<WidgetState | 'loading'>('loading');
  const lastPayload = React.useRef<string | null>(null);

  const emit = React.useEffectEvent((payload: string | null) => {
    if (payload === lastPayload.current) return;
    lastPayload.current = payload;
    onChange(payload);
  });

  React.useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    let isMounted = true;
    const onStateChange = (event: Event) => {
      const { state: next, payload } = (event as CustomEvent<{ state: WidgetState; payload?: string | null }>).detail;
      setState(next);
      emit(next === 'verified' && payload ? payload : null);
      // Nobody can click an invisible widget: fetch and solve a new challenge when this one expires.
      if (invisible && next === 'expired') void widget.verify?.();
    };
    const onVerified = (event: Event) => emit((event as CustomEvent<{ payload: string }>).detail.payload);
    widget.addEventListener('statechange', onStateChange);
    widget.addEventListener('verified', onVerified);
    loadAltcha().catch((error: unknown) => {
      console.error('The captcha could not be loaded', error);
      if (isMounted) setState('error');
    });
    return () => {
      isMounted = false;
      widget.removeEventListener('statechange', onStateChange);
      widget.removeEventListener('verified', onVerified);
    };
  }, [invisible]);

  React.useImperativeHandle(
    ref,
    () => ({
      reset() {
        const widget = widgetRef.current;
        // Methods exist once the element is upgraded (before that there is no solution to forget); the
        // widget then reports 'unverified', which clears the payload through onChange.
        widget?.reset?.();
        if (invisible) void widget?.verify?.();
      },
    }),
    [invisible],
  );

  return (
    <div data-slot="captcha" data-state={state} className={cn('w-full', className)}>
      <altcha-widget
        ref={widgetRef}
        challenge={CAPTCHA_CHALLENGE_URL}
        auto={invisible ? 'onload' : 'off'}
        display={invisible ? 'invisible' : 'standard'}
        type="checkbox"
        name={name}
        configuration={WIDGET_OPTIONS}
        // Reserve the widget's height (checkbox + padding) so the form does not jump when it appears.
        className={cn('block text-sm', themeClasses, !invisible && 'min-h-12')}
      />
      {invisible && <InvisibleStatus state={state} onRetry={() => void widgetRef.current?.verify?.()} />}
    </div>
  );
}

/** The invisible captcha's only trace: a one-line status, announced politely, with a retry on failure. */
function InvisibleStatus({ state, onRetry }: { state: WidgetState | 'loading'; onRetry(): void }) {
  const failed = state === 'error' || state === 'expired';
  return (
    <p role="status" className="min-h-4 text-xs text-muted-foreground">
      {state === 'verified' && <span className="sr-only">Spam check passed.</span>}
      {(state === 'loading' || state === 'verifying' || state === 'unverified') && 'Running a quick spam check…'}
      {failed && (
        <>
          <span className="text-destructive">The spam check did not complete.</span>{' '}
          <button type="button" onClick={onRetry} className="underline underline-offset-2 hover:text-foreground">
            Try again
          </button>
        </>
      )}
    </p>
  );
}
