import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { isMultipart, multipartError } from './multipart.ts';

/**
 * The .xlsx of a sheet upload (a multipart form whose file field is `file`) as a stream to read.
 * Refuses a call that is not a multipart form, or whose first part is not the file. One byte over
 * `maxBytes` is let through, so a reader that counts says the file is too large rather than finding
 * a cut-off zip. Errors of the stream after its reader has refused it are dropped: nobody is left
 * to tell.
 */
export function sheetUpload(request: FastifyRequest, maxBytes: number): Promise<Readable> {
  return fileUpload(request, { field: 'file', maxBytes, what: 'the .xlsx' });
}

/**
 * The one file of a multipart form whose first part is the file field `field` (a sheet to read, a
 * signature to store), as a stream. Refuses a call that is not a multipart form, or whose first
 * part is another. One byte over `maxBytes` is let through, so the reader or the store that counts
 * says the file is too large.
 */
export async function fileUpload(
  request: FastifyRequest,
  o: { field: string; maxBytes: number; what: string },
): Promise<Readable> {
  if (!isMultipart(request))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send ${o.what} as a multipart form with a file field named ${o.field}`,
    );
  const part = await request
    .file({ limits: { fileSize: o.maxBytes + 1, files: 1 } })
    .catch((error: unknown) => {
      throw multipartError(error);
    });
  if (!part || part.fieldname !== o.field) {
    part?.file.resume();
    throw new AppError('VALIDATION_ERROR', `Attach ${o.what} as the field ${o.field}`, [
      { path: o.field, message: `Attach ${o.what}` },
    ]);
  }
  part.file.on('error', () => {});
  return part.file;
}
