import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Security headers for the app and the API. The content security policy lets scripts come only from
 * the app's own bundle (it runs without eval); Mantine writes inline styles (CSS variables on
 * elements), so styles allow 'unsafe-inline'; images may be blob: URLs, which is how authorised images
 * are shown, and so may audio and video, which is how a chosen video plays before it is saved. Framing is refused twice over, by `frame-ancestors` and by X-Frame-Options for browsers
 * that predate it.
 *
 * `upgrade-insecure-requests` and HSTS are sent only when the site is served over HTTPS: over plain
 * HTTP (a tablet on the plant network opening http://server:3000) they make the browser rewrite the
 * app's own scripts to https, and the page stays blank. Cross-Origin-Opener-Policy too, which such a
 * browser ignores with a console error.
 */
export function securityHeaders(o: { servedOverHttps: boolean }) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // A chosen video plays from a blob: URL before it is saved; saved ones come from /api/files.
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(o.servedOverHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: o.servedOverHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Browsers honour this only on HTTPS; over plain HTTP they ignore it and log an error each load.
    crossOriginOpenerPolicy: o.servedOverHttps ? { policy: 'same-origin' as const } : false,
    frameguard: { action: 'deny' as const },
  };
}

/**
 * What the page may ask the browser for, said outright rather than left to defaults: a position
 * ("Use this device's position") for the page's own origin only, never for a frame of another.
 */
export const permissionsPolicy = 'geolocation=(self)';

/** Where the built web app is by default: apps/web/dist beside this package. */
export const defaultWebDir = path.resolve(import.meta.dirname, '../../../web/dist');

/** Answers page requests (client-router paths) with the app's index.html. */
export type WebPages = {
  /** A GET outside /api that names no file: a screen of the app, not a missing call. */
  isPageRequest: (request: FastifyRequest) => boolean;
  sendIndex: (reply: FastifyReply) => FastifyReply;
};

/**
 * Serves the built web app: hashed assets cached for a year, index.html always revalidated. The build
 * writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file; the one the browser accepts
 * is sent (`Vary: Accept-Encoding`), so nothing is compressed per request. Returns null when there is
 * no build to serve (the API still runs).
 */
export async function serveWeb(app: FastifyInstance, webDir: string): Promise<WebPages | null> {
  if (!existsSync(path.join(webDir, 'index.html'))) return null;
  const assets = path.join(webDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The build's dot folders are for tools, not browsers: Vite's manifest (`.vite/`), which the
    // web app's size budget reads, names the source files.
    dotfiles: 'ignore',
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
