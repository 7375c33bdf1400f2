import { useCallback, useRef, useState } from 'react';
import { Captcha, type CaptchaHandle } from '~/components/captcha';
import { useHydrated } from '~/lib/use-hydrated';

const DEFAULT_WAIT_MS = 20_000;

/**
 * The invisible, self-solving ALTCHA of a public form (docs/architecture.md §5), mounted only once it is needed: at once on
 * pages that are a form, or — on the home page, to keep its first JavaScript small — on the first interaction
 * with the form (`activate`). The widget's code loads when it mounts.
 *
 * Never in the server HTML: without JavaScript its "Running a quick spam check…" would promise a check that
 * never runs (such a post is answered by the page's action: ../unsent-form.ts).
 *
 * `waitForPayload` resolves with a solution (or null after the timeout); `reset` after every submit, since each
 * solution is accepted once.
 */
export function useFormCaptcha({ activateOnMount = false }: { activateOnMount?: boolean } = {}) {
  const [isActive, setIsActive] = useState(activateOnMount);
  const payloadRef = useRef<string | null>(null);
  const waitersRef = useRef(new Set<(payload: string | null) => void>());
  const handleRef = useRef<CaptchaHandle>(null);
  const isHydrated = useHydrated();

  const onChange = useCallback((payload: string | null) => {
    payloadRef.current = payload;
    if (!payload) return;
    for (const wake of waitersRef.current) wake(payload);
    waitersRef.current.clear();
  }, []);

  const activate = useCallback(() => setIsActive(true), []);

  const waitForPayload = useCallback((timeoutMs = DEFAULT_WAIT_MS) => {
    setIsActive(true);
    if (payloadRef.current) return Promise.resolve(payloadRef.current);
    return new Promise<string | null>((resolve) => {
      const wake = (payload: string | null) => {
        clearTimeout(timer);
        resolve(payload);
      };
      const timer = setTimeout(() => {
        waitersRef.current.delete(wake);
        resolve(null);
      }, timeoutMs);
      waitersRef.current.add(wake);
    });
  }, []);

  const reset = useCallback(() => {
    payloadRef.current = null;
    handleRef.current?.reset();
  }, []);

  const element = isActive && isHydrated ? (
    <Captcha invisible ref={handleRef} onChange={onChange} />
  ) : (
    // The same one-line height as the widget's status, so nothing moves when it mounts.
    <p className="min-h-4 text-xs text-muted-foreground" aria-hidden="true" />
  );

  return { element, activate, waitForPayload, reset, isActive };
}
