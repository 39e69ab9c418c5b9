import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ChangeQueue, newChangeKey, removeChangeQueue } from './change-queue.ts';

let userCount = 0;
const newUser = () => `queue-user-${++userCount}`;

/** A photo form as the engine's forms send one: text parts and a file. */
function photoForm() {
  const form = new FormData();
  form.append('spotName', 'Pump P-101 bearing');
  form.append(
    'photo',
    new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'p101.png', { type: 'image/png' }),
  );
  return form;
}

describe('the queue of offline changes', () => {
  it('keeps its changes, photos included, across a reload (a new queue on the same database)', async () => {
    const user = newUser();
    const before = new ChangeQueue(user);
    const create = await before.enqueue({
      method: 'POST',
      path: '/thermal-inspections',
      body: { location: 'A' },
    });
    const photo = await before.enqueue({ method: 'POST', path: '/thermal-measurements', body: photoForm() });

    const after = new ChangeQueue(user);
    const listed = await after.list();
    expect(listed.map((c) => [c.key, c.state, c.method, c.path])).toEqual([
      [create.key, 'waiting', 'POST', '/thermal-inspections'],
      [photo.key, 'waiting', 'POST', '/thermal-measurements'],
    ]);
    expect(listed[0]!.body).toEqual({ location: 'A' });
    // The form comes back as it was made: its text, and its file's name, type and bytes.
    const form = (await after.bodyOf(listed[1]!)) as FormData;
    expect(form.get('spotName')).toBe('Pump P-101 bearing');
    const file = form.get('photo') as File;
    expect([file.name, file.type]).toEqual(['p101.png', 'image/png']);
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([137, 80, 78, 71, 1, 2, 3]);
  });

  it('keeps a photo of 20 MB (the server’s limit) whole across a reload, byte for byte', async () => {
    const user = newUser();
    // A photo as a camera writes one, at the size the server still takes (MAX_UPLOAD_BYTES).
    const bytes = new Uint8Array(20 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 251;
    const form = new FormData();
    form.append('tagNumber', 'PL-102-S04');
    form.append('thermalImage', new File([bytes], 'IR-PL-102-S04.jpg', { type: 'image/jpeg' }));
    await new ChangeQueue(user).enqueue({ method: 'POST', path: '/thermal-measurements', body: form });

    const after = new ChangeQueue(user);
    const [change] = await after.list();
    // Listing the queue reads no photo: the change names its file, its bytes are kept apart.
    expect(JSON.stringify(change).length).toBeLessThan(10_000);
    const file = ((await after.bodyOf(change!)) as FormData).get('thermalImage') as File;
    expect([file.name, file.type, file.size]).toEqual(['IR-PL-102-S04.jpg', 'image/jpeg', bytes.length]);
    const digest = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
    expect(digest(new Uint8Array(await file.arrayBuffer()))).toBe(digest(bytes));
  });

  it('makes each change’s key once, a UUID, and lists the changes in the order they were made', async () => {
    const queue = new ChangeQueue(newUser());
    const made = [];
    for (const n of [1, 2, 3, 4, 5])
      made.push(await queue.enqueue({ method: 'POST', path: `/rows/${n}`, body: {} }));
    expect((await queue.list()).map((c) => c.key)).toEqual(made.map((c) => c.key));
    expect(new Set(made.map((c) => c.key)).size).toBe(5);
    for (const change of made) expect(change.key).toMatch(/^[0-9a-f-]{36}$/);
    // Recording how it stands never changes its key.
    await queue.update(made[0]!.key, { state: 'sending' });
    expect((await queue.find(made[0]!.key))?.key).toBe(made[0]!.key);
  });

  it('makes a UUID key on a page served without HTTPS too (no crypto.randomUUID there)', () => {
    // Shadows the method of the prototype for this test only.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = Array.from({ length: 50 }, newChangeKey);
      for (const key of keys)
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(new Set(keys).size).toBe(50);
    } finally {
      Reflect.deleteProperty(crypto, 'randomUUID');
    }
  });

  it('resends an edited change as a new change with a new key, in its place, its dependents following it', async () => {
    const queue = new ChangeQueue(newUser());
    const inspection = await queue.enqueue({
      method: 'POST',
      path: '/inspections',
      body: { n: 1 },
      label: 'Thermal analysis',
      name: 'T-101',
    });
    const row = await queue.enqueue({ method: 'POST', path: '/rows', body: {}, dependsOn: [inspection.key] });
    await queue.update(inspection.key, {
      state: 'refused',
      refusal: { status: 400, code: 'VALIDATION_ERROR', message: 'Location is required', details: [] },
    });

    // Still to be sent, it may already be written: it is never resent under another key.
    await expect(queue.retry(row.key, { method: 'POST', path: '/rows', body: {} })).rejects.toThrow(
      /waiting/,
    );
    const edited = await queue.retry(inspection.key, {
      method: 'POST',
      path: '/inspections',
      body: { n: 2 },
    });
    expect(edited.key).not.toBe(inspection.key);
    const listed = await queue.list();
    expect(listed.map((c) => c.key)).toEqual([edited.key, row.key]);
    // Named as the change it replaces.
    expect(listed[0]).toMatchObject({
      state: 'waiting',
      body: { n: 2 },
      label: 'Thermal analysis',
      name: 'T-101',
    });
    expect(listed[0]!.refusal).toBeUndefined();
    expect(listed[1]!.dependsOn).toEqual([edited.key]);
  });

  it('is never read by another user of the device, and is removed whole when its user signs out', async () => {
    const owner = newUser();
    const other = newUser();
    const queue = new ChangeQueue(owner);
    const photo = await queue.enqueue({ method: 'POST', path: '/thermal-measurements', body: photoForm() });
    expect(await new ChangeQueue(other).list()).toEqual([]);

    await removeChangeQueue(owner);
    expect(await new ChangeQueue(owner).list()).toEqual([]);
    // The photo's bytes went with it.
    await expect(new ChangeQueue(owner).bodyOf(photo)).rejects.toThrow(/p101.png/);
  });

  it('discards a change with its photo', async () => {
    const queue = new ChangeQueue(newUser());
    const photo = await queue.enqueue({ method: 'POST', path: '/thermal-measurements', body: photoForm() });
    const kept = await queue.enqueue({ method: 'DELETE', path: '/rows/1' });
    await queue.discard(photo.key);
    expect((await queue.list()).map((c) => c.key)).toEqual([kept.key]);
    await expect(queue.bodyOf(photo)).rejects.toThrow(/missing/);
  });
});
