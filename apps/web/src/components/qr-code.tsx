import { useMemo } from "react";
import { encodeQr } from "../lib/qr";

/** A QR code as an inline SVG (no MUI: the light patient-side entry shows it) (dark modules as one path, with the 4-module quiet zone). */
export const QrCode = ({ value, label, size = 200 }: { value: string; label: string; size?: number }) => {
  const qr = useMemo(() => encodeQr(value), [value]);
  const quiet = 4;
  const extent = qr.size + quiet * 2;
  const path = qr.modules
    .flatMap((row, r) => row.map((dark, c) => (dark ? `M${c + quiet} ${r + quiet}h1v1h-1z` : "")))
    .join("");
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${extent} ${extent}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="qr-code"
    >
      <rect width={extent} height={extent} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
};
