import { z } from 'zod';
import { uuidText } from '../ids.ts';
import { op, route } from '../routes.ts';

/*
 * Resumable uploads (our addition, docs/offline-capture.md part 4): a device sends a file in pieces,
 * resumes from the last piece the server holds after a network drop, then names the whole file in a
 * record's form (`upload:<id>`) instead of sending its bytes again.
 */

/** The size of piece a client should send: small enough to get through a weak plant network. */
export const uploadPieceBytes = 1024 * 1024;
/** The largest piece one call takes; a larger body is 413 unread. */
export const maxUploadPieceBytes = 4 * 1024 * 1024;
/** The media type of a piece's body (as the tus protocol names it). */
export const uploadPieceMediaType = 'application/offset+octet-stream';
/** The header that says, on a piece and in a refusal, the byte a piece starts at. */
export const uploadOffsetHeader = 'Upload-Offset';
/** How long an upload is kept from its creation, whole or not; the server's upkeep removes it after. */
export const uploadKeptDays = 7;

/** What a form's text part sends in a file slot or image list to name a whole upload. */
export const uploadReference = (id: string) => `upload:${id}`;
const uploadReferencePattern = new RegExp(`^upload:(${uuidText})$`, 'i');

/** The id an `upload:<id>` text names, or undefined for any other text. */
export function referencedUpload(text: string): string | undefined {
  const match = uploadReferencePattern.exec(text.trim());
  return match?.[1]?.toLowerCase();
}

export const newUploadSchema = z.object({
  id: z.uuid({ error: 'id must be a UUID the client made for this upload' }),
  size: z
    .number({ error: 'size must be the number of bytes of the file' })
    .int('size must be a whole number of bytes')
    .min(1, 'The file is empty')
    .max(Number.MAX_SAFE_INTEGER),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'sha256 must be the SHA-256 of the file, as 64 lowercase hex digits'),
  name: z.string().min(1, "Give the file's name").max(255, 'At most 255 characters'),
});
export type NewUpload = z.infer<typeof newUploadSchema>;

export const uploadStateSchema = z
  .object({
    id: z.uuid(),
    size: z.number().int(),
    /** The bytes the server holds: the next piece starts here. */
    offset: z.number().int(),
    /** Whole, checked and stored: a record's form may name it. */
    complete: z.boolean(),
    /** The size of piece to send (the last one is what is left). */
    pieceBytes: z.number().int(),
  })
  .meta({ id: 'uploadState' });
export type UploadState = z.infer<typeof uploadStateSchema>;

const uploadParams = z.object({ id: z.uuid({ error: 'id must be an identifier (UUID)' }) });

const tag = 'Uploads';
export const uploadRoutes = [
  route(
    'POST',
    '/uploads',
    op.action('uploads.create', { body: newUploadSchema, response: uploadStateSchema }),
    {
      summary:
        "Begin a resumable upload of one file (our addition): 201 when new; 200 with the bytes held when the id is already the caller's upload of the same size and SHA-256; 409 when it is another's or another file's",
      tag,
      access: 'authenticated',
    },
  ),
  route(
    'GET',
    '/uploads/:id',
    op.action('uploads.get', { params: uploadParams, response: uploadStateSchema }),
    {
      summary: "An upload's state: how many bytes the server holds, whether it is whole (our addition)",
      tag,
      access: 'authenticated',
    },
  ),
  route(
    'PATCH',
    '/uploads/:id',
    op.action('uploads.append', {
      params: uploadParams,
      response: uploadStateSchema,
      bytes: { mediaType: uploadPieceMediaType, maxBytes: maxUploadPieceBytes },
    }),
    {
      summary: `Send the next piece of an upload (our addition): header ${uploadOffsetHeader} says the byte it starts at, the body (${uploadPieceMediaType}, 1 byte to 4 MiB) its bytes; 409 with ${uploadOffsetHeader} when the server holds another count. The piece that makes the file whole checks and stores it`,
      tag,
      access: 'authenticated',
    },
  ),
];
