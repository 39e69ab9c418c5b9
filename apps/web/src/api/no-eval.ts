// zod's core alone: the sign-in page needs no schema, so this must not pull in the whole library.
import { config } from 'zod/v4/core';

/*
 * zod compiles fast object parsers with `new Function`, and probes once whether it may. The content
 * security policy forbids eval, so the probe is a reported violation (a console error, and a Lighthouse
 * best-practices finding). Parse without compiling instead (`z.config({ jitless: true })`). Schemas
 * decide this when they are built (the contract builds its schemas at import), so the build keeps
 * this module in one chunk with zod's core (vite.config.ts): it runs before any schema exists.
 */
config({ jitless: true });
