/*
 * The server HTML is complete and styled, so the browser paints it first; React and the router start one frame
 * later (./hydrate). This keeps script evaluation off the first paint on slow phones (docs/architecture.md §8 Lighthouse budget).
 */
requestAnimationFrame(() => {
  setTimeout(() => void import('./hydrate'), 0);
});
