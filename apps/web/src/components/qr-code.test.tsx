import { render, screen } from "@testing-library/react";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { QrCode } from "./qr-code";

/** Paints the SVG the component drew (a white square, dark modules as `M x y h1v1h-1z`) into RGBA pixels. */
const paintSvg = (svg: Element, scale = 4) => {
  const extent = Number(svg.getAttribute("viewBox")?.split(" ")[2]);
  const side = extent * scale;
  const data = new Uint8ClampedArray(side * side * 4);
  const fill = (x0: number, y0: number, w: number, h: number, value: number) => {
    for (let y = y0 * scale; y < (y0 + h) * scale; y++) {
      for (let x = x0 * scale; x < (x0 + w) * scale; x++) {
        const i = (y * side + x) * 4;
        data[i] = data[i + 1] = data[i + 2] = value;
        data[i + 3] = 255;
      }
    }
  };
  const rect = svg.querySelector("rect");
  expect(rect?.getAttribute("fill")).toBe("#ffffff");
  fill(0, 0, Number(rect?.getAttribute("width")), Number(rect?.getAttribute("height")), 255);
  const path = svg.querySelector("path");
  expect(path?.getAttribute("fill")).toBe("#000000");
  for (const [, x, y] of (path?.getAttribute("d") ?? "").matchAll(/M(\d+) (\d+)h1v1h-1z/g))
    fill(Number(x), Number(y), 1, 1, 0);
  return { data, side };
};

describe("<QrCode>", () => {
  it.each([
    ["a short link", "https://openpro.example.org/get-the-app"],
    ["a long invitation link", `https://openpro.example.org/invite?code=${"AB12-".repeat(50)}`],
  ])("draws %s as an image a QR reader decodes back to the same text", (_, value) => {
    render(<QrCode value={value} label="QR code: open the app page on your phone" />);
    const svg = screen.getByRole("img", { name: "QR code: open the app page on your phone" });
    const { data, side } = paintSvg(svg);
    expect(jsQR(data, side, side)?.data).toBe(value);
  });
});
