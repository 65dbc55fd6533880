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

  /** The page as the browser gets it: the build's index.html with the nonce of this answer in a meta element. */
  const nonceOf = (html: string) => /<meta name="csp-nonce" content="([^"]+)">/.exec(html)?.[1];
  const styleSrcOf = (csp: unknown) =>
    String(csp)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === "style-src")
      ?.slice(1);

  it("serves the app's page for a deep link, compressed by Accept-Encoding, with a nonce of its own", async () => {
    const br = await get("/invite/ABC123", "br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/text\/html/);
    const html = brotliDecompressSync(br.rawPayload).toString();
    const nonce = nonceOf(html);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(html.replace(`<meta name="csp-nonce" content="${nonce}">`, "")).toBe(INDEX);
    const gzip = await get("/invite/ABC123", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(nonceOf(gunzipSync(gzip.rawPayload).toString())).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("allows only the style elements that carry the page's nonce, a new one for every answer", async () => {
    const nonces = new Set<string>();
    for (const url of ["/", "/login", "/index.html", "/programs/1"]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      const nonce = nonceOf(page.body)!;
      expect(styleSrcOf(page.headers["content-security-policy"]), url).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(String(page.headers["content-security-policy"])).not.toContain("unsafe-inline");
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(4);
    // An API answer allows no inline style at all.
    const api = await get("/api/v1/healthz");
    expect(styleSrcOf(api.headers["content-security-policy"])).toEqual(["'self'"]);
  });

  it("never hands out the build's precompressed copies of the page (they carry no nonce)", async () => {
    for (const url of ["/index.html.br", "/index.html.gz"]) {
      const response = await get(url);
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
      expect(nonceOf(response.body), url).toBeDefined();
    }
  });

  it("keeps the API reference page's own exception, and only there", async () => {
    const docs = await get("/api/docs");
    expect(styleSrcOf(docs.headers["content-security-policy"])).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("compresses an API JSON answer over the threshold when asked, and only then", async () => {
    /** The permissions list (a JSON answer over the threshold), asked for in `acceptEncoding` if given. */
    const permissions = (acceptEncoding?: string) =>
      t.request({
        method: "GET",
        url: "/api/v1/admin/permissions",
        token,
        ...(acceptEncoding ? { headers: { "accept-encoding": acceptEncoding } } : {}),
      });
    const plain = await permissions();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await permissions("br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await permissions("gzip");
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
