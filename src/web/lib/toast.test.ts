// @vitest-environment jsdom
/**
 * One toast per kind on screen, and no message lost. The CI failure this guards against: "1 failed delivery queued
 * again" never showed because it came while "Test event queued" was closing after its 4 s, and the two shared one id.
 */
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';

// sonner: a toast lives 4 s, then takes 200 ms to leave before it is removed.
const LIFETIME_MS = 4000;
const EXIT_MS = 200;

const shownTexts = () =>
  [...document.querySelectorAll('[data-sonner-toast]')]
    .filter((element) => element.getAttribute('data-removed') !== 'true')
    .map((element) => element.querySelector('[data-title]')?.textContent);

describe('toast', () => {
  let container: HTMLElement;
  let root: Root;
  beforeEach(async () => {
    vi.useFakeTimers();
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root.render(createElement(Toaster, { theme: 'light' })));
  });
  afterEach(async () => {
    await act(async () => {
      toast.dismiss();
      await vi.advanceTimersByTimeAsync(LIFETIME_MS);
    });
    await act(async () => root.unmount());
    container.remove();
    vi.useRealTimers();
  });
  const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

  it('shows a success that comes while the previous success is leaving', async () => {
    await act(async () => void toast.success('Test event queued'));
    await advance(100);
    expect(shownTexts()).toEqual(['Test event queued']);
    // The first one times out and starts to leave; the next success comes inside its exit.
    await advance(LIFETIME_MS);
    await act(async () => void toast.success('1 failed delivery queued again'));
    await advance(EXIT_MS * 2);
    expect(shownTexts()).toEqual(['1 failed delivery queued again']);
  });

  it('replaces the error still showing with a new one rather than stacking them', async () => {
    await act(async () => void toast.error('Invalid email or password'));
    await advance(500);
    await act(async () => void toast.error('Too many attempts'));
    await advance(EXIT_MS * 2);
    expect(shownTexts()).toEqual(['Too many attempts']);
    // Another kind stacks beside it.
    await act(async () => void toast.success('Saved'));
    await advance(100);
    expect(shownTexts().sort()).toEqual(['Saved', 'Too many attempts']);
  });
});
