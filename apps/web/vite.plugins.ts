import { existsSync } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import { de } from "../../packages/core/src/patient-text/de.js";
import { dePublic } from "../../packages/core/src/patient-text/de-public.js";
import { en } from "../../packages/core/src/patient-text/en.js";
import { enPublic } from "../../packages/core/src/patient-text/en-public.js";
import { es } from "../../packages/core/src/patient-text/es.js";
import { esPublic } from "../../packages/core/src/patient-text/es-public.js";
import { fr } from "../../packages/core/src/patient-text/fr.js";
import { frPublic } from "../../packages/core/src/patient-text/fr-public.js";
import { it } from "../../packages/core/src/patient-text/it.js";
import { itPublic } from "../../packages/core/src/patient-text/it-public.js";
import { signInTexts } from "../../packages/core/src/patient-text/sign-in.js";

/** Each catalogue file by its export's name: the app's (de) and the public pages' own (dePublic). */
const patientCatalogues: Record<string, Record<string, string>> = {
  en,
  de,
  fr,
  it,
  es,
  enPublic,
  dePublic,
  frPublic,
  itPublic,
  esPublic,
  // The sign-in screen's own chunk (sign-in.ts): these keys only, not the language's whole file.
  enSignIn: signInTexts(en),
  deSignIn: signInTexts(de),
  frSignIn: signInTexts(fr),
  itSignIn: signInTexts(it),
  esSignIn: signInTexts(es),
};

/** What the two web builds (vite.config.ts: the staff app; vite.preact.config.ts: the patient pages) share. */
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
};

/**
 * Writes `x.br` and `x.gz` beside every text file of the build (1 KB and over), so the server
 * sends them as they are (`preCompressed` in apps/server/src/app.ts) instead of compressing per request.
 */
export const precompress = (): Plugin => {
  let outDir = "dist";
  return {
    name: "openpro-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/") ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      // A failed build writes nothing: let its own error show, not a missing folder.
      if (!existsSync(outDir)) return;
      // Not .vite/ (the build manifest is read by tools, never sent to a browser).
      const files = (await filesUnder(outDir)).filter(
        (file) => COMPRESSIBLE.test(file) && !relative(outDir, file).startsWith("."),
      );
      await Promise.all(
        files.map(async (file) => {
          const { size, mtimeMs } = await stat(file);
          if (size < 1024) return;
          // Already compressed by the other build into the same folder.
          if (existsSync(`${file}.gz`) && (await stat(`${file}.gz`)).mtimeMs >= mtimeMs) return;
          const content = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gz(content, { level: 9 }),
          ]);
          // A compressed file that is not smaller is not worth sending.
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < content.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
};

/** Entry routes (path prefix → page module) whose chunks are fetched beside the entry, not after it runs. */
const EARLY_ROUTES: Record<string, string> = {
  "/invite/": "src/pages/patient-invite-page.tsx",
  "/auth-consent/": "src/pages/patient-consent-page.tsx",
  "/join/": "src/pages/join-page.tsx",
  "/demographic-info": "src/pages/demographics-page.tsx",
  "/get-the-app": "src/pages/get-the-app-page.tsx",
  "/unsubscribe": "src/pages/unsubscribe-page.tsx",
  "/study/": "src/pages/study-page.tsx",
  "/auth-confirm": "src/pages/auth-confirm-page.tsx",
  "/login": "src/pages/login-page.tsx",
};

/**
 * A page's code is otherwise requested only once the entry has run and the router has matched:
 * one more round trip on a phone. A tiny script in index.html (a file: the CSP allows no inline
 * script) adds `modulepreload` links for the chunks of the route being opened, so they download
 * beside the entry.
 */
/** Input name → its HTML file: each gets its own preload script, relative to what its entry loads. */
const PRELOADING_ENTRIES: Record<string, string> = { main: "index.html", publicPages: "public-pages.html" };

export const routePreload = (): Plugin => {
  let root = "";
  const scriptFiles = new Map<string, string>();
  return {
    name: "openpro-route-preload",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      // The clinician entry (index.html) and the public pages' one; the patient app (me.html) preloads nothing.
      for (const [inputName, html] of Object.entries(PRELOADING_ENTRIES)) {
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === inputName);
        if (!entry) continue;
        const loadedByEntry = closure(entry.fileName, new Set());
        const routes: Record<string, string[]> = {};
        for (const [prefix, module] of Object.entries(EARLY_ROUTES)) {
          const page = chunks.find((chunk) => chunk.facadeModuleId === join(root, module));
          if (!page) continue;
          routes[prefix] = [...closure(page.fileName, new Set())].filter((file) => !loadedByEntry.has(file));
        }
        const source = `(function(){var r=${JSON.stringify(routes)},p=location.pathname;for(var k in r)if(p===k||p.indexOf(k.slice(-1)==="/"?k:k+"/")===0){r[k].forEach(function(f){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href="/"+f;document.head.appendChild(l)});break}})();\n`;
        scriptFiles.set(html, this.getFileName(this.emitFile({ type: "asset", name: "route-preload.js", source })));
      }
    },
    transformIndexHtml: {
      order: "post",
      handler: (_html, context) => {
        const scriptFile = scriptFiles.get(relative(root, context.filename));
        return scriptFile ? [{ tag: "script", attrs: { src: `/${scriptFile}`, async: true }, injectTo: "head" }] : [];
      },
    },
  };
};

/** zod's global configuration, created once on globalThis by its core module. */
const ZOD_CONFIG = "(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});";

/**
 * zod without its JIT: the Content-Security-Policy allows no eval, and zod probes for it with
 * `new Function("")` when it builds an object schema, which the browser reports as a violation
 * even though zod catches the error. Set where zod creates its configuration, so that it holds
 * before any schema is built, whatever order the chunks run in.
 */
export const zodJitless = (): Plugin => ({
  name: "openpro-zod-jitless",
  transform(code, id) {
    if (!/\/zod\/v4\/core\/core\.js$/.test(id)) return null;
    if (!code.includes(ZOD_CONFIG)) this.error("zod's core module changed: update zodJitless in vite.plugins.ts");
    return {
      code: code.replace(ZOD_CONFIG, `${ZOD_CONFIG.slice(0, -1)}\n_a.__zod_globalConfig.jitless = true;`),
      map: null,
    };
  },
});

/**
 * The patient's texts (core's patient-text/<language>.ts, <language>-public.ts and <language>-sign-in.ts, ICU messages) compiled at build time with
 * Lingui's compiler, so that the browser gets ready-made message trees and loads no message parser
 * (about 6.7 kB gzip saved: docs/dependencies.md). Tests and the dev server compile on the fly.
 */
export const compiledPatientText = (): Plugin => ({
  name: "openpro-compiled-patient-text",
  apply: "build",
  enforce: "pre",
  load(id) {
    const match = /[\\/]packages[\\/]core[\\/]src[\\/]patient-text[\\/](en|de|fr|it|es)(-public|-sign-in)?\.ts$/.exec(
      id,
    );
    if (!match) return null;
    const name = `${match[1]}${match[2] === "-public" ? "Public" : match[2] === "-sign-in" ? "SignIn" : ""}`;
    const compiled = Object.fromEntries(
      Object.entries(patientCatalogues[name] ?? {}).map(([key, message]) => [key, compileMessage(message)]),
    );
    return `export const ${name} = ${JSON.stringify(compiled)};\n`;
  },
});
