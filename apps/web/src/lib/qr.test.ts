import { describe, expect, it } from "vitest";
import { byteCapacity, encodeQr, formatBits, reedSolomon } from "./qr";

/** ISO 18004 Table C.1, level M (the 15 format bits, most significant first). */
const formatTableM = [
  "101010000010010",
  "101000100100101",
  "101111001111100",
  "101101101001011",
  "100010111111001",
  "100000011001110",
  "100111110010111",
  "100101010100000",
];

const finderAt = (modules: boolean[][], top: number, left: number) => {
  for (let r = 0; r < 7; r++) {
    for (let c = 0; c < 7; c++) {
      const ring = r === 0 || r === 6 || c === 0 || c === 6;
      const core = r >= 2 && r <= 4 && c >= 2 && c <= 4;
      expect(modules[top + r]?.[left + c], `finder module ${top + r},${left + c}`).toBe(ring || core);
    }
  }
};

/** Reads the first copy of the format bits back from the matrix (bit 14 first). */
const readFormat = (m: boolean[][]) => {
  const bits: boolean[] = [];
  for (let c = 0; c <= 5; c++) bits.push(m[8]?.[c] as boolean);
  bits.push(m[8]?.[7] as boolean, m[8]?.[8] as boolean, m[7]?.[8] as boolean);
  for (let r = 5; r >= 0; r--) bits.push(m[r]?.[8] as boolean);
  return bits.map((b) => (b ? "1" : "0")).join("");
};
const readSecondFormat = (m: boolean[][]) => {
  const size = m.length;
  const bits: boolean[] = [];
  for (let r = size - 1; r >= size - 7; r--) bits.push(m[r]?.[8] as boolean);
  for (let c = size - 8; c < size; c++) bits.push(m[8]?.[c] as boolean);
  return bits.map((b) => (b ? "1" : "0")).join("");
};

describe("the QR encoder", () => {
  it("computes the format bits of level M", () => {
    for (let mask = 0; mask < 8; mask++)
      expect(formatBits(mask).toString(2).padStart(15, "0")).toBe(formatTableM[mask]);
  });

  it("computes Reed-Solomon codewords (the 1-M HELLO WORLD example)", () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(reedSolomon(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it("chooses the smallest version and draws finders, timing, dark module and both format copies", () => {
    const cases = [
      ["hi", 1],
      ["https://openpro.example/get-the-app", 3],
      ["x".repeat(byteCapacity(5)), 5],
    ] as const;
    for (const [text, version] of cases) {
      for (let mask = 0; mask < 8; mask++) {
        const qr = encodeQr(text, mask);
        expect(qr.version).toBe(version);
        expect(qr.size).toBe(version * 4 + 17);
        const m = qr.modules;
        finderAt(m, 0, 0);
        finderAt(m, 0, qr.size - 7);
        finderAt(m, qr.size - 7, 0);
        // Separators are light.
        for (let i = 0; i < 8; i++) {
          expect(m[7]?.[i]).toBe(false);
          expect(m[i]?.[7]).toBe(false);
          expect(m[7]?.[qr.size - 1 - i]).toBe(false);
          expect(m[qr.size - 8]?.[i]).toBe(false);
        }
        for (let i = 8; i < qr.size - 8; i++) {
          expect(m[6]?.[i]).toBe(i % 2 === 0);
          expect(m[i]?.[6]).toBe(i % 2 === 0);
        }
        expect(m[qr.size - 8]?.[8]).toBe(true);
        expect(readFormat(m)).toBe(formatTableM[mask]);
        expect(readSecondFormat(m)).toBe(formatTableM[mask]);
        if (version > 1) {
          const centre = qr.size - 7;
          expect(m[centre]?.[centre]).toBe(true);
          expect(m[centre - 1]?.[centre]).toBe(false);
          expect(m[centre - 2]?.[centre - 2]).toBe(true);
        }
      }
    }
  });

  it("refuses text longer than version 5 holds", () => {
    expect(() => encodeQr("x".repeat(byteCapacity(5) + 1))).toThrow();
  });
});
