import { promisify } from "node:util";
import { constants, crc32, deflateRaw, inflateRawSync } from "node:zlib";

/**
 * A streaming ZIP writer (deflate, no library): each entry's bytes are compressed as they come,
 * in segments of about 64 KB, and its CRC and sizes follow in a data descriptor (flag bit 3), so
 * only two segments (one being compressed, one being filled) are ever in memory. Each segment is
 * an independent raw-deflate run ended by a sync flush; the entry ends with an empty final block,
 * which makes the runs one valid stream.
 * No ZIP64: an entry or the archive must stay under 4 GiB (docs/exports.md).
 */

export type ZipChunk = string | Buffer;
export interface ZipEntry {
  name: string;
  content: AsyncIterable<ZipChunk> | Iterable<ZipChunk>;
}

/**
 * Level 1 (zlib's fast strategy): on export text (CSV, sheet XML) about three times faster than
 * the default 6 for files about 5 % larger, measured on the research export's rows.
 */
const deflateSegment = promisify(
  (input: Buffer, cb: (error: Error | null, out: Buffer) => void) =>
    void deflateRaw(input, { finishFlush: constants.Z_SYNC_FLUSH, level: 1 }, cb),
);
/** BFINAL=1, fixed Huffman, end of block. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
const SEGMENT = 64 * 1024;
const DOS_DATE = 0x21; // 1980-01-01: entries carry no time
const FLAGS = 0x0808; // UTF-8 names; CRC and sizes in a data descriptor

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const localHeader = (name: Buffer) => {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(8, 8); // deflate
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(DOS_DATE, 12);
  b.writeUInt16LE(name.length, 26);
  return Buffer.concat([b, name]);
};

const centralHeader = (e: Written) => {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(20, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(8, 10);
  b.writeUInt16LE(0, 12);
  b.writeUInt16LE(DOS_DATE, 14);
  b.writeUInt32LE(e.crc >>> 0, 16);
  b.writeUInt32LE(e.compressed, 20);
  b.writeUInt32LE(e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  b.writeUInt32LE(e.offset, 42);
  return Buffer.concat([b, e.name]);
};

/** The archive's bytes, produced entry by entry as their content arrives. */
export async function* zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const e: Written = { name, crc: 0, compressed: 0, size: 0, offset };
    const head = localHeader(name);
    offset += head.length;
    yield head;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    // One segment is compressed (in zlib's thread pool) while the next one is produced.
    let compressing: Promise<Buffer> | null = null;
    const flush = () => {
      const input = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      e.crc = crc32(input, e.crc);
      e.size += input.length;
      const out = deflateSegment(input);
      out.catch(() => undefined);
      return out;
    };
    const collect = async () => {
      const out = await compressing!;
      compressing = null;
      e.compressed += out.length;
      return out;
    };
    for await (const chunk of entry.content) {
      const data = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      if (data.length === 0) continue;
      pending.push(data);
      pendingBytes += data.length;
      if (pendingBytes >= SEGMENT) {
        const next = flush();
        if (compressing) yield await collect();
        compressing = next;
      }
    }
    if (pendingBytes > 0) {
      const next = flush();
      if (compressing) yield await collect();
      compressing = next;
    }
    if (compressing) yield await collect();
    e.compressed += FINAL_EMPTY_BLOCK.length;
    yield FINAL_EMPTY_BLOCK;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(e.crc >>> 0, 4);
    descriptor.writeUInt32LE(e.compressed, 8);
    descriptor.writeUInt32LE(e.size, 12);
    yield descriptor;
    offset += e.compressed + descriptor.length;
    written.push(e);
  }
  const central = Buffer.concat(written.map(centralHeader));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([central, end]);
}

/** The entries of a ZIP held in memory, by name (for tests and small archives; stored or deflated). */
export const readZip = (zip: Buffer): Map<string, Buffer> => {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("Not a ZIP archive");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error("Bad central directory");
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataStart, dataStart + compressed);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    if (crc32(data) >>> 0 !== crc) throw new Error(`CRC mismatch in ${name}`);
    files.set(name, data);
    at += 46 + nameLength + extra + comment;
  }
  return files;
};
