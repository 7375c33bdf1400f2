import { createContext, useContext } from 'react';

/** The CSP nonce of this request (server only; browsers hide it from the DOM, so the client reads ''). */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
