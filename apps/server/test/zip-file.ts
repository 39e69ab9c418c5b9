/**
 * A zip archive deflated by Node's own zlib, for a test whose input is large: JSZip deflates in
 * JavaScript, which took 9 s of CPU a pass for the 200 MB of zeros and the million-row sheet of
 * test/work-orders.test.ts; zlib takes well under one. The archive is the plain kind a workbook is
 * (APPNOTE 6.3.6: each entry's local header and deflated data, then the central directory), without
 * ZIP64, so no entry nor the whole may reach 4 GiB.
 */
import JSZip from 'jszip';
import { crc32, createDeflateRaw } from 'node:zlib';

/** An entry: its name and its bytes, whole or as chunks (never whole in memory). */
export type ZipEntry = { name: string; data: Buffer | Iterable<Buffer> };

/** What one entry deflated to, and what the headers say of it. */
async function deflated(data: Buffer | Iterable<Buffer>) {
  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  for (const chunk of Buffer.isBuffer(data) ? [data] : data) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    // As the stream asks: chunks are not queued beyond what it holds.
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { crc, size, bytes: Buffer.concat(out) };
}

/** The archive of `entries`, in their order, each deflated. */
export async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const { crc, size, bytes } = await deflated(entry.data);
    // Version 2.0, UTF-8 names (bit 11), deflated (8), 1 Jan 1980 00:00.
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(0x0800, at + 2);
      header.writeUInt16LE(8, at + 4);
      header.writeUInt16LE(0, at + 6);
      header.writeUInt16LE(0x21, at + 8);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(bytes.length, at + 14);
      header.writeUInt32LE(size, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, bytes);
    directory.push(central, name);
    offset += local.length + name.length + bytes.length;
  }
  const size = directory.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}

/** The entries of an archive (its files, not its folders), in its order, to write again with others. */
export async function zipEntries(archive: Buffer): Promise<ZipEntry[]> {
  const zip = await JSZip.loadAsync(archive);
  const files = Object.values(zip.files).filter((f) => !f.dir);
  return Promise.all(files.map(async (f) => ({ name: f.name, data: await f.async('nodebuffer') })));
}
