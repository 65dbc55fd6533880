import { existsSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import { isPublicPagePath } from "@openpro/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { htmlContentSecurityPolicy, newStyleNonce } from "./security.js";

/** API answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

/** Vite's output under assets/: `name-HASH.ext`, possibly with the `.br`/`.gz` written beside it. */
const HASHED_ASSET = /^assets\/(?:.+\/)?[^/]+-[A-Za-z0-9_-]{6,}\.[a-z0-9]+(?:\.map)?(?:\.br|\.gz)?$/;

/** A content-hashed file never changes under its name; everything else must be revalidated. */
export const cacheControlFor = (pathInDist: string) =>
  HASHED_ASSET.test(pathInDist.split(sep).join("/")) ? IMMUTABLE : REVALIDATE;

/** The HTML entries of the build: each is answered with a fresh style nonce, never as a file. */
export const HTML_ENTRIES = ["index.html", "public-pages.html", "me.html"];

/** The HTML entry a page of the web app opens with: the patient app (/me, /me/…) has its own. */
export const htmlEntryFor = (url: string, root?: string) => {
  const path = url.split("?")[0]!;
  const named = HTML_ENTRIES.find((entry) => path === `/${entry}`);
  if (named && (!root || existsSync(join(root, named)))) return named;
  if (path === "/me" || path.startsWith("/me/")) return "me.html";
  // A patient's invitation, consent, demographics, …, the staff sign-in and invitation: their own
  // light entry, without the staff app (which serves them too, for a build made before that entry).
  if (isPublicPagePath(path) && (!root || existsSync(join(root, "public-pages.html")))) return "public-pages.html";
  return "index.html";
};

/** Where the page's nonce goes: the web app reads it to give emotion's style elements (apps/web/src/lib/style-nonce.ts). */
export const NONCE_META = "csp-nonce";

const entryCache = new Map<string, { mtimeMs: number; parts: [string, string] }>();

/** An entry split around the point where the nonce goes, read again only when the build changed. */
const entryParts = (file: string): [string, string] => {
  const { mtimeMs } = statSync(file);
  const cached = entryCache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.parts;
  const html = readFileSync(file, "utf8");
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  const at = head ? head.index + head[0].length : 0;
  const parts: [string, string] = [html.slice(0, at), html.slice(at)];
  entryCache.set(file, { mtimeMs, parts });
  return parts;
};

/** br, else gzip, else none: what the browser accepts (a `;q=0` refuses). */
const acceptedEncoding = (request: FastifyRequest) => {
  const accepted = new Set(
    String(request.headers["accept-encoding"] ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !/^\s*q=0(?:\.0*)?\s*$/.test(q ?? ""))
      .map(([name]) => name!.toLowerCase()),
  );
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : null;
};

/**
 * One HTML entry with its own nonce: in the page (a meta element the app reads) and in the
 * Content-Security-Policy (style-src 'nonce-…'), so that only the style elements the app itself
 * inserts apply. Never the build's .br/.gz copies (they carry no nonce): compressed here, it is small.
 */
export const sendHtmlEntry = (
  request: FastifyRequest,
  reply: FastifyReply,
  root: string,
  entry: string,
  reportTo: string | null,
) => {
  const nonce = newStyleNonce();
  // A build without this entry (made before it existed) opens with the staff app's page.
  const file = join(root, existsSync(join(root, entry)) ? entry : "index.html");
  const [before, after] = entryParts(file);
  const html = Buffer.from(`${before}<meta name="${NONCE_META}" content="${nonce}">${after}`);
  reply
    .header("Cache-Control", REVALIDATE)
    .header("Content-Security-Policy", htmlContentSecurityPolicy(reportTo, nonce))
    .header("Vary", "Accept-Encoding")
    .type("text/html; charset=utf-8");
  const encoding = html.length >= COMPRESS_THRESHOLD_BYTES ? acceptedEncoding(request) : null;
  if (encoding === "br")
    return reply
      .header("Content-Encoding", "br")
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === "gzip") return reply.header("Content-Encoding", "gzip").send(gzipSync(html, { level: 6 }));
  return reply.send(html);
};

/**
 * On-the-fly compression of API answers (JSON over 1 KB, by Accept-Encoding; event streams and
 * PDFs are left alone by type). Registered before the routes so that it applies to them.
 * Request bodies are not decompressed: the API accepts plain JSON and multipart only.
 */
export const installCompression = (app: FastifyInstance) =>
  app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD_BYTES, globalDecompression: false });

/**
 * The built web app: the `.br`/`.gz` files written beside each asset at build time are sent by
 * Accept-Encoding (`preCompressed`), hashed assets are cached for a year, the rest revalidated.
 */
export const registerStaticAssets = (app: FastifyInstance, root: string) =>
  app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Nothing under a dot name (the build manifest in .vite/) is handed out.
    dotfiles: "ignore",
    // The HTML entries are answered by sendHtmlEntry (through the not-found handler), each with its nonce.
    allowedPath: (pathName) =>
      !HTML_ENTRIES.some((entry) => pathName === `/${entry}` || pathName.startsWith(`/${entry}.`)),
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header("Cache-Control", cacheControlFor(relative(root, path)));
    },
  });
