import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** false while rendering on the server and hydrating, true afterwards — without a state update in an effect. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
