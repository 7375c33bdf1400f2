// @vitest-environment jsdom
/**
 * A counter hydrates showing the number in its HTML, even when the shared count query already holds a newer one
 * (issue 35): the home page's counter hydrates after the navigation's, whose stream may have written the new count
 * first, and a stored page's HTML may be seconds old. Showing the newer number while hydrating is React's error
 * #418 (a text mismatch) and a client re-render.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveCounter } from './live-counter';

const withQueries = (queryClient: QueryClient, count: number) =>
  createElement(QueryClientProvider, { client: queryClient }, createElement(LiveCounter, { initialCount: count }));

describe('LiveCounter hydration', () => {
  let container: HTMLElement | undefined;
  afterEach(() => container?.remove());

  it('hydrates with the count of its HTML while the query holds a newer one, then shows the newer one', async () => {
    // The stored page: rendered when 51 ideas had been captured.
    container = document.createElement('div');
    container.innerHTML = renderToString(withQueries(new QueryClient(), 51));
    document.body.append(container);
    expect(container.querySelector('[data-testid="jot-count"]')?.textContent).toBe('51');

    // In the browser, another counter already wrote 52 into the shared query.
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    queryClient.setQueryData(['jots', 'count'], 52);
    const recoverable: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container!, withQueries(queryClient, 51), { onRecoverableError: (error) => recoverable.push(error) }),
    );
    expect(recoverable).toEqual([]);
    // Once hydrated, the newer figure shows.
    expect(container.querySelector('[data-testid="jot-count"]')?.textContent).toBe('52');
    await act(async () => root.unmount());
    queryClient.clear();
  });
});
