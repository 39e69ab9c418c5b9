import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Content security policy for the web app. Mantine writes inline styles (CSS variables on elements),
 * so styles allow 'unsafe-inline'; scripts come only from the app's own bundle. Images may be blob:
 * URLs, which is how authorised images are shown.
 */
export const webContentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** Where the built web app is by default: apps/web/dist beside this package. */
export const defaultWebDir = path.resolve(import.meta.dirname, '../../../web/dist');

/** Answers page requests (client-router paths) with the app's index.html. */
export type WebPages = {
  /** A GET outside /api that names no file: a screen of the app, not a missing call. */
  isPageRequest: (request: FastifyRequest) => boolean;
  sendIndex: (reply: FastifyReply) => FastifyReply;
};

/**
 * Serves the built web app: hashed assets cached for a year, index.html always revalidated. Returns
 * null when there is no build to serve (the API still runs).
 */
export async function serveWeb(app: FastifyInstance, webDir: string): Promise<WebPages | null> {
  if (!existsSync(path.join(webDir, 'index.html'))) return null;
  const assets = path.join(webDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    setHeaders: (reply, filePath) => {
      reply.header(
        'Cache-Control',
        filePath.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const sendIndex = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  return {
    isPageRequest: (request) => {
      const pathname = request.url.split('?')[0]!;
      const api = pathname === '/api' || pathname.startsWith('/api/');
      return (request.method === 'GET' || request.method === 'HEAD') && !api && !path.extname(pathname);
    },
    sendIndex,
  };
}
