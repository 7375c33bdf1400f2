/*
 * Our CSP forbids eval, so zod must not even probe for it: the probe (`new Function('')`) shows up as a CSP
 * violation. React Router's first script imports every route module of the page before the client entry runs,
 * and zod decides on its JIT when a schema is built, so this runs as root.tsx's first import, before any schema.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
