import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { api, envelope, errorResponse, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { uploadIdOf } from './file-uploads.ts';
import { ChangeSync, stopChangeSync } from './sync-runner.ts';
import { syncStatus } from './sync-status.ts';

serveMockApi();
afterEach(() => stopChangeSync());

let userCount = 0;

/** What the coming PATCH requests meet, in turn (then each is taken). */
type PieceBehaviour =
  /** The network dropped with the piece on its way: the server holds nothing of it. */
  | 'drop'
  /** The piece stalled on the network and arrives after the next create: the device never hears. */
  | 'late'
  /** The upload expired (7 days) before the piece: 404. */
  | 'expire'
  /** The bytes arrived other than sent (the whole then fails its hash). */
  | 'corrupt'
  | 'take';

type Held = { size: number; sha256: string; bytes: number[]; complete: boolean };

/**
 * The server's upload sessions as the contract describes them (`POST`, `GET`, `PATCH
 * /api/uploads/{id}`), with a small piece so a test's files have several, and the record's form
 * (`POST /api/rows`), which takes `upload:<id>` only for a whole upload. `pieces` lists every piece
 * that reached it (offset, length): what the device sent.
 */
function uploadServer(o: { pieceBytes?: number; refuseType?: boolean } = {}) {
  const pieceBytes = o.pieceBytes ?? 1024;
  const uploads = new Map<string, Held>();
  const pieces: { id: string; offset: number; length: number }[] = [];
  const creates: string[] = [];
  const forms: { key: string; parts: [string, string | File][] }[] = [];
  const next: PieceBehaviour[] = [];
  let late: (() => void) | undefined;
  const answer = (id: string, held: Held, status = 200) =>
    HttpResponse.json(
      envelope({ id, size: held.size, offset: held.bytes.length, complete: held.complete, pieceBytes }),
      { status },
    );
  server.use(
    http.post(api('/uploads'), async ({ request }) => {
      const { id, size, sha256 } = (await request.json()) as { id: string; size: number; sha256: string };
      creates.push(id);
      const known = uploads.get(id);
      const held = known ?? { size, sha256, bytes: [], complete: false };
      uploads.set(id, held);
      const answered = answer(id, held, known ? 200 : 201);
      late?.();
      late = undefined;
      return answered;
    }),
    http.get(api('/uploads/:id'), ({ params }) => {
      const held = uploads.get(params.id as string);
      return held ? answer(params.id as string, held) : errorResponse(404, 'NOT_FOUND', 'No such upload');
    }),
    http.patch(api('/uploads/:id'), async ({ request, params }) => {
      const id = params.id as string;
      const offset = Number(request.headers.get('upload-offset'));
      const bytes = [...new Uint8Array(await request.arrayBuffer())];
      pieces.push({ id, offset, length: bytes.length });
      const behaviour = next.shift() ?? 'take';
      const held = uploads.get(id);
      if (behaviour === 'drop') return HttpResponse.error();
      if (behaviour === 'expire' || !held) {
        uploads.delete(id);
        return errorResponse(404, 'NOT_FOUND', 'No such upload');
      }
      if (offset !== held.bytes.length) {
        return HttpResponse.json(
          {
            data: null,
            statusCode: 409,
            message: `This upload holds ${held.bytes.length} bytes: continue from ${held.bytes.length}`,
            error: { code: 'CONFLICT' },
          },
          { status: 409, headers: { 'Upload-Offset': String(held.bytes.length) } },
        );
      }
      const take = () => {
        held.bytes.push(...(behaviour === 'corrupt' ? bytes.map((b) => b ^ 0xff) : bytes));
        if (held.bytes.length < held.size) return undefined;
        if (o.refuseType)
          return errorResponse(415, 'UNSUPPORTED_MEDIA_TYPE', 'Files of this type are not accepted');
        if (createHash('sha256').update(Uint8Array.from(held.bytes)).digest('hex') !== held.sha256) {
          held.bytes = [];
          return errorResponse(
            400,
            'VALIDATION_ERROR',
            "The file's bytes do not match its SHA-256: send it again from byte 0",
          );
        }
        held.complete = true;
        return undefined;
      };
      if (behaviour === 'late') {
        late = take;
        return HttpResponse.error();
      }
      return take() ?? answer(id, held);
    }),
    http.post(api('/rows'), async ({ request }) => {
      const parts = [...(await request.formData()).entries()] as [string, string | File][];
      for (const [, value] of parts) {
        const id = typeof value === 'string' && value.startsWith('upload:') ? value.slice(7) : undefined;
        if (id && !uploads.get(id)?.complete)
          return errorResponse(400, 'VALIDATION_ERROR', 'The upload is not complete');
      }
      forms.push({ key: request.headers.get('idempotency-key') ?? '', parts });
      return HttpResponse.json(envelope({ id: 'r1' }), { status: 201 });
    }),
  );
  /** The bytes the server holds of an upload, as numbers. */
  const held = (id: string) => uploads.get(id)?.bytes;
  return { pieces, creates, forms, next, held };
}

/** Bytes 0, 1, 2… of `size`, so a piece sent twice or out of place shows in what the server holds. */
const bytesOf = (size: number, from = 0) => Uint8Array.from({ length: size }, (_, i) => (i + from) % 251);

/** A new user signed in, and their sync (run by the test) with a row's form of these files queued. */
async function queuedForm(files: { name: string; size: number }[], o: { tried?: boolean } = {}) {
  const user = `upload-user-${++userCount}`;
  signedInAs({ permissions: [], id: user });
  const sync = new ChangeSync(user, { retryByItself: false });
  const form = new FormData();
  form.append('tag', 'PL-102-S03');
  files.forEach(({ name, size }, n) =>
    form.append(n === 0 ? 'thermalImage' : 'visualImage', new File([bytesOf(size, n)], name)),
  );
  const key = crypto.randomUUID();
  const change = await sync.queue.enqueue({ method: 'POST', path: '/rows', body: form, key, ...o });
  return { user, sync, change };
}

const progressOf = () => {
  const seen: { sent: number; total: number }[] = [];
  const stop = syncStatus.subscribe(() => {
    const bytes = syncStatus.get().progress?.bytes;
    if (bytes && seen.at(-1)?.sent !== bytes.sent) seen.push(bytes);
  });
  return { seen, stop };
};

describe('a queued form’s files, sent as uploads', () => {
  it('sends each file as an upload, then the form naming them, and says how many bytes are sent', async () => {
    const backend = uploadServer();
    const { sync, change } = await queuedForm([
      { name: 'IR-S03.jpg', size: 2500 },
      { name: 'VIS-S03.jpg', size: 700 },
    ]);
    const ids = [await uploadIdOf(change.key, 0), await uploadIdOf(change.key, 1)];
    const progress = progressOf();

    await sync.run();
    progress.stop();
    expect(backend.creates).toEqual(ids);
    expect(backend.pieces.map((p) => [p.id, p.offset, p.length])).toEqual([
      [ids[0], 0, 1024],
      [ids[0], 1024, 1024],
      [ids[0], 2048, 452],
      [ids[1], 0, 700],
    ]);
    expect(backend.held(ids[0]!)).toEqual([...bytesOf(2500)]);
    expect(backend.held(ids[1]!)).toEqual([...bytesOf(700, 1)]);
    expect(backend.forms).toEqual([
      {
        key: change.key,
        parts: [
          ['tag', 'PL-102-S03'],
          ['thermalImage', `upload:${ids[0]}`],
          ['visualImage', `upload:${ids[1]}`],
        ],
      },
    ]);
    // The same id from the same key and index, shaped as a version 4 UUID.
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await uploadIdOf(change.key, 0)).toBe(ids[0]);
    expect(progress.seen.map((b) => b.sent)).toEqual([0, 1024, 2048, 2500, 3200]);
    expect(progress.seen.every((b) => b.total === 3200)).toBe(true);
    expect(await sync.queue.list()).toEqual([]);
  });

  it('resumes after a drop mid-file from the bytes the server holds: no piece it took is sent again', async () => {
    const backend = uploadServer();
    const { sync, change } = await queuedForm([{ name: 'IR-S03.jpg', size: 3000 }]);
    const id = await uploadIdOf(change.key, 0);

    backend.next.push('take', 'drop');
    await sync.run();
    expect(await sync.queue.list()).toMatchObject([
      { state: 'waiting', attempts: 1, sendsFilesAs: 'uploads' },
    ]);
    expect(syncStatus.get().lastError).toEqual({ reason: 'noAnswer' });
    expect(backend.forms).toEqual([]);

    await sync.run();
    // The dropped piece again (the server never took it), then the rest: the first piece once.
    expect(backend.pieces.map((p) => p.offset)).toEqual([0, 1024, 1024, 2048]);
    expect(backend.held(id)).toEqual([...bytesOf(3000)]);
    // Still as uploads after a try: decided once, not taken for a change tried whole.
    expect(backend.forms.map((f) => f.parts[1])).toEqual([['thermalImage', `upload:${id}`]]);
    expect(await sync.queue.list()).toEqual([]);
  });

  it('continues from the offset the server names when it holds more than the device knew (409)', async () => {
    const backend = uploadServer();
    const { sync, change } = await queuedForm([{ name: 'IR-S03.jpg', size: 3000 }]);
    const id = await uploadIdOf(change.key, 0);

    // The second piece stalls and reaches the server only after the next try has asked the offset.
    backend.next.push('take', 'late');
    await sync.run();
    await sync.run();
    expect(backend.pieces.map((p) => p.offset)).toEqual([0, 1024, 1024, 2048]);
    // The 409's piece was refused unread, so 1024–2048 was taken once, from the stalled piece.
    expect(backend.held(id)).toEqual([...bytesOf(3000)]);
    expect(backend.forms).toHaveLength(1);
    expect(await sync.queue.list()).toEqual([]);
  });

  it('resumes the same uploads after a reload (a new sync over the queue on the device)', async () => {
    const backend = uploadServer();
    const { user, sync, change } = await queuedForm([
      { name: 'IR-S03.jpg', size: 1500 },
      { name: 'VIS-S03.jpg', size: 2100 },
    ]);
    const ids = [await uploadIdOf(change.key, 0), await uploadIdOf(change.key, 1)];

    backend.next.push('take', 'take', 'take', 'drop');
    await sync.run();
    sync.stop();

    await new ChangeSync(user, { retryByItself: false }).run();
    expect(backend.creates).toEqual([ids[0], ids[1], ids[0], ids[1]]);
    expect(backend.pieces.map((p) => [p.id, p.offset])).toEqual([
      [ids[0], 0],
      [ids[0], 1024],
      [ids[1], 0],
      [ids[1], 1024],
      [ids[1], 1024],
      [ids[1], 2048],
    ]);
    expect(backend.held(ids[1]!)).toEqual([...bytesOf(2100, 1)]);
    expect(backend.forms).toHaveLength(1);
  });

  it('starts the upload again under the same id when the server no longer knows it (404)', async () => {
    const backend = uploadServer();
    const { sync, change } = await queuedForm([{ name: 'IR-S03.jpg', size: 2500 }]);
    const id = await uploadIdOf(change.key, 0);

    backend.next.push('take', 'expire');
    await sync.run();
    expect(backend.creates).toEqual([id, id]);
    expect(backend.pieces.map((p) => p.offset)).toEqual([0, 1024, 0, 1024, 2048]);
    expect(backend.held(id)).toEqual([...bytesOf(2500)]);
    expect(backend.forms).toHaveLength(1);
  });

  it('sends again from the start once when the whole fails its hash; a second failure is a refusal', async () => {
    const backend = uploadServer();
    const { sync, change } = await queuedForm([{ name: 'IR-S03.jpg', size: 1500 }]);

    backend.next.push('corrupt', 'take', 'corrupt', 'take');
    await sync.run();
    expect(backend.pieces.map((p) => p.offset)).toEqual([0, 1024, 0, 1024]);
    expect(backend.forms).toEqual([]);
    expect(await sync.queue.list()).toMatchObject([
      {
        key: change.key,
        state: 'refused',
        refusal: {
          status: 400,
          message: "The file's bytes do not match its SHA-256: send it again from byte 0",
        },
      },
    ]);
  });

  it('keeps a file type the server refuses (415) on the device with the server’s words', async () => {
    const backend = uploadServer({ refuseType: true });
    const { sync, change } = await queuedForm([{ name: 'IR-S03.tiff', size: 500 }]);

    await sync.run();
    expect(backend.forms).toEqual([]);
    expect(await sync.queue.list()).toMatchObject([
      {
        key: change.key,
        state: 'refused',
        refusal: { status: 415, message: 'Files of this type are not accepted' },
      },
    ]);
    expect(await sync.queue.file(change.key, 0)).toBeDefined();
  });

  it('sends a change already tried whole (before uploads, or online with no answer) whole again', async () => {
    const backend = uploadServer();
    const before = await queuedForm([{ name: 'IR-S03.jpg', size: 1500 }]);
    // Tried before this device sent uploads: a drop, no way kept.
    await before.sync.queue.update(before.change.key, { attempts: 1 });
    await before.sync.run();
    const online = await queuedForm([{ name: 'IR-S04.jpg', size: 900 }], { tried: true });
    await online.sync.run();

    expect(backend.creates).toEqual([]);
    expect(backend.forms.map((f) => f.key)).toEqual([before.change.key, online.change.key]);
    // The file itself in the form, not a reference (jsdom's form sends it without its bytes).
    expect(backend.forms.map((f) => [f.parts[1]![0], typeof f.parts[1]![1]])).toEqual([
      ['thermalImage', 'object'],
      ['thermalImage', 'object'],
    ]);
  });
});
