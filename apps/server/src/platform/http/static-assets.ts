import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import { isPatientSidePath } from "@openpro/core";
import type { FastifyInstance } from "fastify";

/** API answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

/** Vite's output under assets/: `name-HASH.ext`, possibly with the `.br`/`.gz` written beside it. */
const HASHED_ASSET = /^assets\/(?:.+\/)?[^/]+-[A-Za-z0-9_-]{6,}\.[a-z0-9]+(?:\.map)?(?:\.br|\.gz)?$/;

/** A content-hashed file never changes under its name; everything else must be revalidated. */
export const cacheControlFor = (pathInDist: string) =>
  HASHED_ASSET.test(pathInDist.split(sep).join("/")) ? IMMUTABLE : REVALIDATE;

/** The HTML entry a page of the web app opens with: the patient app (/me, /me/…) has its own. */
export const htmlEntryFor = (url: string, root?: string) => {
  const path = url.split("?")[0]!;
  if (path === "/me" || path.startsWith("/me/")) return "me.html";
  // The invitation, consent, demographics, … pages: their own light entry, without the staff app
  // (the staff app serves them too, for a build made before that entry existed).
  if (isPatientSidePath(path) && (!root || existsSync(join(root, "patient-side.html")))) return "patient-side.html";
  return "index.html";
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
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header("Cache-Control", cacheControlFor(relative(root, path)));
    },
  });
