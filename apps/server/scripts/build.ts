/** `npm run build -w @inspectra/server`: bundles the server into `dist/main.js`. */
import { buildServerMain } from './build-server.ts';

await buildServerMain();
