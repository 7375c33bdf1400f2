import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { config as configureZod } from 'zod/v4/core';

// Our CSP forbids eval: zod must not even probe for it (the probe shows up as a CSP violation in the browser).
configureZod({ jitless: true });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
