import { z } from 'zod';
import { op, route } from '../routes.ts';

export const healthSchema = z.object({ status: z.literal('ok') });

/** Calls every product needs that the specification leaves implicit: readiness and file download. */
export const systemRoutes = [
  route('GET', '/health', op.action('system.health', { response: healthSchema }), {
    summary: 'Readiness: 200 when the database answers within 2 s, otherwise 503',
    tag: 'System',
    access: 'public',
  }),
  route('GET', '/health/live', op.action('system.live', { response: healthSchema }), {
    summary: 'Liveness: 200 while the process serves requests, whatever the database does',
    tag: 'System',
    access: 'public',
  }),
  route(
    'GET',
    '/files/:id',
    op.action('files.download', {
      params: z.object({ id: z.uuid({ error: 'id must be an identifier (UUID)' }) }),
      response: z.string().meta({ description: 'The file bytes', format: 'binary' }),
    }),
    {
      summary:
        'Download an image, document or video, whole or in part (Range); needs view permission on the record it belongs to',
      tag: 'System',
      access: 'authenticated',
      // A video element streams the file itself, asking for parts as it seeks.
      sessionCookie: true,
    },
  ),
];
