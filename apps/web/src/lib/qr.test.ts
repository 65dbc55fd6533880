import jsQR from "jsqr";
import { create } from "qrcode";
import { describe, expect, it } from "vitest";
import { encodeQr, fitsInQr, QR_MAX_BYTES } from "./qr";

/** Paints a module matrix (plus the 4-module quiet zone) into an RGBA buffer, `scale` pixels a module. */
const rasterize = (modules: boolean[][], scale = 4) => {
  const quiet = 4;
  const side = (modules.length + quiet * 2) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [r, row] of modules.entries()) {
    for (const [c, dark] of row.entries()) {
      if (!dark) continue;
      for (let y = 0; y < scale; y++) {
        for (let x = 0; x < scale; x++) {
          const i = (((r + quiet) * scale + y) * side + (c + quiet) * scale + x) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
      }
    }
  }
  return { data, side };
};
const decode = (modules: boolean[][]) => {
  const { data, side } = rasterize(modules);
  return jsQR(data, side, side)?.data;
};

describe("QR codes (the qrcode package)", () => {
  it("encodes a link a phone camera reads back, in the smallest version, with finder patterns", () => {
    const link = "https://openpro.example.org/get-the-app";
    const qr = encodeQr(link);
    expect(qr.size).toBe(qr.version * 4 + 17);
    expect(qr.version).toBe(create(link, { errorCorrectionLevel: "M" }).version);
    // The top-left finder: a dark 7×7 ring around a dark 3×3 core.
    expect(qr.modules[0]?.slice(0, 7)).toEqual(Array(7).fill(true));
    expect(qr.modules[1]?.slice(0, 7)).toEqual([true, false, false, false, false, false, true]);
    expect(qr.modules[3]?.slice(0, 7)).toEqual([true, false, true, true, true, false, true]);
    expect(decode(qr.modules)).toBe(link);
  });

  it("holds any length the standard does (past the old version-5 limit), UTF-8 included", () => {
    const long = `https://openpro.example.org/get-the-app?ref=${"ü-é-".repeat(60)}`;
    expect(new TextEncoder().encode(long).length).toBeGreaterThan(84);
    const qr = encodeQr(long);
    expect(qr.version).toBeGreaterThan(5);
    expect(decode(qr.modules)).toBe(long);
  });

  it("tells what fits, and refuses what does not", () => {
    expect(fitsInQr("x".repeat(QR_MAX_BYTES))).toBe(true);
    expect(fitsInQr("x".repeat(QR_MAX_BYTES + 1))).toBe(false);
    expect(encodeQr("\u0001".repeat(QR_MAX_BYTES)).version).toBe(40);
    expect(() => encodeQr("\u0001".repeat(QR_MAX_BYTES + 1))).toThrow();
  });
});
