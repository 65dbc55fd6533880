import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";
import { COMPRESS_THRESHOLD_BYTES } from "./static-assets.js";

const SCRIPT = `export const greeting = ${JSON.stringify("hello, patient ".repeat(200))};\n`;
const INDEX = `<!doctype html><html lang="en"><head><title>OpenPRO</title><script type="module" src="/assets/x-abc123.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;

describe("the built web app and API answers go out compressed and cacheable", () => {
  let t: TestApp;
  let dist: string;
  let token: string;

  beforeAll(async () => {
    // A tiny build: one hashed script with the .br/.gz the build writes beside it, an unhashed file, index.html.
    dist = mkdtempSync(join(tmpdir(), "openpro-web-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "assets/x-abc123.js"), SCRIPT);
    writeFileSync(join(dist, "assets/x-abc123.js.br"), brotliCompressSync(SCRIPT));
    writeFileSync(join(dist, "assets/x-abc123.js.gz"), gzipSync(SCRIPT));
    writeFileSync(join(dist, "index.html"), INDEX);
    writeFileSync(join(dist, "index.html.br"), brotliCompressSync(INDEX));
    writeFileSync(join(dist, "index.html.gz"), gzipSync(INDEX));
    writeFileSync(join(dist, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(join(dist, ".vite"));
    writeFileSync(join(dist, ".vite/manifest.json"), '{"build-manifest-marker":{"file":"assets/x-abc123.js"}}');
    t = await createTestApp({ webDist: dist });
    await t.createStaff({ email: "nurse@clinic.test", role: "clinician_team_member" });
    ({ accessToken: token } = await signIn(t, "nurse@clinic.test"));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.request({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("sends the brotli file to a browser that accepts br", async () => {
    const response = await get("/assets/x-abc123.js", "gzip, deflate, br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the gzip file to a browser that accepts only gzip", async () => {
    const response = await get("/assets/x-abc123.js", "gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the file as it is to a client that accepts no encoding", async () => {
    const response = await get("/assets/x-abc123.js");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it("lets browsers keep content-hashed assets for a year, whatever the encoding", async () => {
    for (const encoding of ["br", "gzip", undefined]) {
      const response = await get("/assets/x-abc123.js", encoding);
      expect(response.headers["cache-control"], String(encoding)).toBe("public, max-age=31536000, immutable");
    }
  });

  it("makes browsers revalidate index.html and files without a hash", async () => {
    for (const url of ["/index.html", "/favicon.svg", "/invite/ABC123", "/login"]) {
      const response = await get(url, "br");
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("serves the app's page for a deep link, compressed by Accept-Encoding", async () => {
    const br = await get("/invite/ABC123", "br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/text\/html/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX);
    const gzip = await get("/invite/ABC123", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX);
  });

  it("compresses an API JSON answer over the threshold when asked, and only then", async () => {
    const plain = await t.request({ method: "GET", url: "/api/v1/admin/permissions", token });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await t.request({
      method: "GET",
      url: "/api/v1/admin/permissions",
      token,
      headers: { "accept-encoding": "br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.request({
      method: "GET",
      url: "/api/v1/admin/permissions",
      token,
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it("leaves a small API answer uncompressed", async () => {
    const response = await get("/api/v1/healthz", "br, gzip");
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json()).toMatchObject({ status: "ok" });
  });

  it("does not hand out the build manifest", async () => {
    const response = await get("/.vite/manifest.json");
    expect(response.body).not.toContain("build-manifest-marker");
    expect(response.headers["content-type"]).not.toMatch(/json/);
  });

  it("keeps unknown API paths a JSON 404, not the app's page", async () => {
    const response = await get("/api/v1/nothing-here", "br");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
  });
});
