/**
 * A small QR code encoder (ISO/IEC 18004): byte mode, versions 1 to 5, error correction level M.
 * Enough for a download link of up to 84 bytes. Returns the module matrix (true = dark), without the quiet zone.
 */

/** Per version 1-5 at level M: EC codewords per block, and the data codewords of each block. */
const levelM: Record<number, { ecPerBlock: number; blocks: number[] }> = {
  1: { ecPerBlock: 10, blocks: [16] },
  2: { ecPerBlock: 16, blocks: [28] },
  3: { ecPerBlock: 26, blocks: [44] },
  4: { ecPerBlock: 18, blocks: [32, 32] },
  5: { ecPerBlock: 24, blocks: [43, 43] },
};
const alignmentCentre: Record<number, number | null> = { 1: null, 2: 18, 3: 22, 4: 26, 5: 30 };
export const QR_MAX_VERSION = 5;

// ---- GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1 ----
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255] as number;
}
const mul = (a: number, b: number): number =>
  a === 0 || b === 0 ? 0 : (EXP[(LOG[a] as number) + (LOG[b] as number)] as number);

/** The generator polynomial of degree n (coefficients, highest first, leading 1 omitted). */
const generator = (degree: number): number[] => {
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j] = (next[j] as number) ^ (poly[j] as number);
      next[j + 1] = (next[j + 1] as number) ^ mul(poly[j] as number, EXP[i] as number);
    }
    poly = next;
  }
  return poly.slice(1);
};

/** Reed-Solomon error correction codewords of a block. */
export const reedSolomon = (data: readonly number[], ecCount: number): number[] => {
  const gen = generator(ecCount);
  const result = new Array<number>(ecCount).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() as number);
    result.push(0);
    for (let i = 0; i < ecCount; i++) result[i] = (result[i] as number) ^ mul(gen[i] as number, factor);
  }
  return result;
};

const dataCapacity = (version: number) => (levelM[version] as { blocks: number[] }).blocks.reduce((a, b) => a + b, 0);

/** Bytes that fit a version in byte mode (4-bit mode, 8-bit count, data, terminator up to 4 bits). */
export const byteCapacity = (version: number): number => dataCapacity(version) - 2;

const encodeData = (bytes: Uint8Array, version: number): number[] => {
  const capacity = dataCapacity(version);
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, 8);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));
  while (bits.length % 8) bits.push(0);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    let byte = 0;
    for (let j = 0; j < 8; j++) byte = (byte << 1) | (bits[i + j] as number);
    codewords.push(byte);
  }
  for (let pad = 0; codewords.length < capacity; pad++) codewords.push(pad % 2 === 0 ? 0xec : 0x11);
  return codewords;
};

/** Data and EC codewords of each block, interleaved (doc: ISO 18004 §7.6). */
const interleave = (data: number[], version: number): number[] => {
  const { ecPerBlock, blocks } = levelM[version] as { ecPerBlock: number; blocks: number[] };
  const dataBlocks: number[][] = [];
  let offset = 0;
  for (const size of blocks) {
    dataBlocks.push(data.slice(offset, offset + size));
    offset += size;
  }
  const ecBlocks = dataBlocks.map((block) => reedSolomon(block, ecPerBlock));
  const out: number[] = [];
  const longest = Math.max(...blocks);
  for (let i = 0; i < longest; i++) for (const block of dataBlocks) if (i < block.length) out.push(block[i] as number);
  for (let i = 0; i < ecPerBlock; i++) for (const block of ecBlocks) out.push(block[i] as number);
  return out;
};

/** The 15 format bits of level M with a mask (BCH(15,5), XOR 0x5412). */
export const formatBits = (mask: number): number => {
  const data = (0b00 << 3) | mask; // level M is 00
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
};

const masks: ((r: number, c: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

type Grid = boolean[][];

const makeGrid = (size: number): Grid => Array.from({ length: size }, () => new Array<boolean>(size).fill(false));

/** Finder, separators, timing, alignment, dark module and the reserved format areas. */
const drawFunctionPatterns = (version: number, modules: Grid, isFunction: Grid) => {
  const size = modules.length;
  const set = (r: number, c: number, dark: boolean) => {
    if (r < 0 || c < 0 || r >= size || c >= size) return;
    (modules[r] as boolean[])[c] = dark;
    (isFunction[r] as boolean[])[c] = true;
  };
  for (const [fr, fc] of [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ] as const) {
    for (let dr = -1; dr <= 7; dr++) {
      for (let dc = -1; dc <= 7; dc++) {
        const inside = dr >= 0 && dr <= 6 && dc >= 0 && dc <= 6;
        const ring = dr === 0 || dr === 6 || dc === 0 || dc === 6;
        const core = dr >= 2 && dr <= 4 && dc >= 2 && dc <= 4;
        set(fr + dr, fc + dc, inside && (ring || core));
      }
    }
  }
  for (let i = 8; i < size - 8; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  const centre = alignmentCentre[version];
  if (centre) {
    for (let dr = -2; dr <= 2; dr++) {
      for (let dc = -2; dc <= 2; dc++) set(centre + dr, centre + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
    }
  }
  // Reserve the format areas (drawn later) and the dark module.
  for (let i = 0; i < 9; i++) {
    if (!(isFunction[8] as boolean[])[i]) set(8, i, false);
    if (!(isFunction[i] as boolean[])[8]) set(i, 8, false);
  }
  for (let i = 0; i < 8; i++) {
    set(8, size - 1 - i, false);
    set(size - 1 - i, 8, false);
  }
  set(size - 8, 8, true);
};

const drawFormat = (modules: Grid, mask: number) => {
  const size = modules.length;
  const bits = formatBits(mask);
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  const put = (r: number, c: number, v: boolean) => {
    (modules[r] as boolean[])[c] = v;
  };
  // First copy, around the top-left finder (bit 0 is the least significant).
  for (let i = 0; i <= 5; i++) put(i, 8, bit(i));
  put(7, 8, bit(6));
  put(8, 8, bit(7));
  put(8, 7, bit(8));
  for (let i = 9; i < 15; i++) put(8, 14 - i, bit(i));
  // Second copy, split between the top-right and bottom-left finders.
  for (let i = 0; i < 8; i++) put(8, size - 1 - i, bit(i));
  for (let i = 8; i < 15; i++) put(size - 15 + i, 8, bit(i));
  put(size - 8, 8, true);
};

const placeData = (codewords: number[], modules: Grid, isFunction: Grid) => {
  const size = modules.length;
  let bitIndex = 0;
  const total = codewords.length * 8;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const c = right - j;
        const upward = ((right + 1) & 2) === 0;
        const r = upward ? size - 1 - vert : vert;
        if ((isFunction[r] as boolean[])[c]) continue;
        if (bitIndex < total) {
          (modules[r] as boolean[])[c] = (((codewords[bitIndex >>> 3] as number) >>> (7 - (bitIndex & 7))) & 1) === 1;
          bitIndex++;
        }
        // Remainder bits stay light.
      }
    }
  }
};

const applyMask = (modules: Grid, isFunction: Grid, mask: number) => {
  const test = masks[mask] as (r: number, c: number) => boolean;
  for (let r = 0; r < modules.length; r++) {
    for (let c = 0; c < modules.length; c++) {
      if (!(isFunction[r] as boolean[])[c] && test(r, c)) (modules[r] as boolean[])[c] = !(modules[r] as boolean[])[c];
    }
  }
};

/** The penalty score of ISO 18004 §7.8.3 (rules N1-N4). */
const penalty = (modules: Grid): number => {
  const size = modules.length;
  let score = 0;
  const at = (r: number, c: number) => (modules[r] as boolean[])[c] as boolean;
  const line = (get: (i: number) => boolean) => {
    let run = 1;
    let s = 0;
    for (let i = 1; i <= size; i++) {
      if (i < size && get(i) === get(i - 1)) run++;
      else {
        if (run >= 5) s += 3 + (run - 5);
        run = 1;
      }
    }
    // N3: 1:1:3:1:1 finder-like runs with four light modules on either side.
    for (let i = 0; i + 11 <= size; i++) {
      const pattern = [true, false, true, true, true, false, true];
      const core = pattern.every((v, k) => get(i + 4 + k) === v) && [0, 1, 2, 3].every((k) => !get(i + k));
      const coreAfter = pattern.every((v, k) => get(i + k) === v) && [7, 8, 9, 10].every((k) => !get(i + k));
      if (core) s += 40;
      if (coreAfter) s += 40;
    }
    return s;
  };
  for (let r = 0; r < size; r++) score += line((c) => at(r, c));
  for (let c = 0; c < size; c++) score += line((r) => at(r, c));
  for (let r = 0; r + 1 < size; r++) {
    for (let c = 0; c + 1 < size; c++) {
      const v = at(r, c);
      if (at(r, c + 1) === v && at(r + 1, c) === v && at(r + 1, c + 1) === v) score += 3;
    }
  }
  let dark = 0;
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (at(r, c)) dark++;
  const percent = (dark * 100) / (size * size);
  score += Math.floor(Math.abs(percent - 50) / 5) * 10;
  return score;
};

export interface QrCode {
  version: number;
  mask: number;
  size: number;
  modules: boolean[][];
}

/** Encodes text (UTF-8, byte mode) at level M in the smallest version 1-5; throws when it does not fit. */
export const encodeQr = (text: string, forcedMask?: number): QrCode => {
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  while (version <= QR_MAX_VERSION && bytes.length > byteCapacity(version)) version++;
  if (version > QR_MAX_VERSION) throw new Error(`Text too long for a version ${QR_MAX_VERSION} QR code`);
  const size = version * 4 + 17;
  const codewords = interleave(encodeData(bytes, version), version);

  let best: QrCode | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < 8; mask++) {
    if (forcedMask !== undefined && mask !== forcedMask) continue;
    const modules = makeGrid(size);
    const isFunction = makeGrid(size);
    drawFunctionPatterns(version, modules, isFunction);
    placeData(codewords, modules, isFunction);
    applyMask(modules, isFunction, mask);
    drawFormat(modules, mask);
    const score = penalty(modules);
    if (score < bestScore) {
      bestScore = score;
      best = { version, mask, size, modules };
    }
  }
  return best as QrCode;
};
