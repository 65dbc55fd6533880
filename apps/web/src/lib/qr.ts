import { create } from "qrcode";

/**
 * QR codes through the maintained `qrcode` package (ISO/IEC 18004, every version 1–40): we only turn
 * its module matrix into something to draw. Error correction level M, as before.
 */
export interface QrCode {
  version: number;
  size: number;
  /** The module matrix, true = dark, without the quiet zone. */
  modules: boolean[][];
}

/** Bytes of UTF-8 text the largest symbol (version 40) holds at level M in byte mode. */
export const QR_MAX_BYTES = 2331;

export const fitsInQr = (text: string): boolean => new TextEncoder().encode(text).length <= QR_MAX_BYTES;

/** Encodes text at level M in the smallest version that holds it; throws when it fits in none. */
export const encodeQr = (text: string): QrCode => {
  const qr = create(text, { errorCorrectionLevel: "M" });
  const { size } = qr.modules;
  const modules = Array.from({ length: size }, (_, r) =>
    Array.from({ length: size }, (_, c) => !!qr.modules.get(r, c)),
  );
  return { version: qr.version, size, modules };
};
