/**
 * `npm start` runs this first: it builds the server when there is no build yet or a source file is
 * newer than the build, so a fresh clone needs no separate build step and an unchanged one starts fast.
 */
import { buildServerIfStale } from './build-server.ts';

await buildServerIfStale();
