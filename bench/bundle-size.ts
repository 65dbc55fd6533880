import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";

/**
 * `node --import tsx bench/bundle-size.ts [dist]`: the JavaScript each entry route loads before
 * the first interaction, gzip kB, beside its budget. Follows the Vite manifest: index.html's static
 * imports, then the lazy page modules the route renders and their static imports. Builds the web
 * app into a temporary folder unless a built folder (with .vite/manifest.json) is given.
 */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const PATIENT_BUDGET = 100;
const STAFF_SIGN_IN_BUDGET = 150;
/** The public pages' light entry (issue 19): a patient's invitation and what follows, the staff sign-in and invitation. */
const PUBLIC_PAGES = "public-pages.html";
/** The patient web app (its own entry, me.html): issue 11's budget. */
const PATIENT_APP_BUDGET = 150;

/**
 * The patients' texts a page loads before its first screen: one language's chunk of the app's texts
 * (core's patient-text/<language>.ts), and on the public pages their own too (<language>-public.ts).
 * Dynamic imports, so the manifest walk below does not see them: each page counts its heaviest
 * language (a patient loads exactly one).
 */
const TEXT_LANGUAGES = ["en", "de", "fr", "it", "es"] as const;
const textModules = (language: string, publicPages: boolean, signIn = false) =>
  signIn
    ? // The patient app opened on its sign-in loads that screen's texts alone (core's sign-in.ts), the rest after it.
      [`../../packages/core/src/patient-text/${language}-sign-in.ts`]
    : [
        `../../packages/core/src/patient-text/${language}.ts`,
        ...(publicPages ? [`../../packages/core/src/patient-text/${language}-public.ts`] : []),
      ];

/** Entry routes and the lazy modules (pages, layouts) the router loads to render them (from index.html unless `html`). */
const ROUTES: { route: string; modules: string[]; budget: number; html?: string; signInTexts?: boolean }[] = [
  {
    route: "/invite/{code}",
    html: PUBLIC_PAGES,
    modules: ["src/pages/patient-invite-page.tsx"],
    budget: PATIENT_BUDGET,
  },
  {
    route: "/auth-consent/{code}",
    html: PUBLIC_PAGES,
    modules: ["src/pages/patient-consent-page.tsx"],
    budget: PATIENT_BUDGET,
  },
  { route: "/join/{inviteId}", html: PUBLIC_PAGES, modules: ["src/pages/join-page.tsx"], budget: PATIENT_BUDGET },
  {
    route: "/demographic-info",
    html: PUBLIC_PAGES,
    modules: ["src/pages/demographics-page.tsx"],
    budget: PATIENT_BUDGET,
  },
  { route: "/get-the-app", html: PUBLIC_PAGES, modules: ["src/pages/get-the-app-page.tsx"], budget: PATIENT_BUDGET },
  { route: "/unsubscribe", html: PUBLIC_PAGES, modules: ["src/pages/unsubscribe-page.tsx"], budget: PATIENT_BUDGET },
  { route: "/study/{programId}", html: PUBLIC_PAGES, modules: ["src/pages/study-page.tsx"], budget: PATIENT_BUDGET },
  { route: "/auth-confirm", html: PUBLIC_PAGES, modules: ["src/pages/auth-confirm-page.tsx"], budget: PATIENT_BUDGET },
  { route: "/login", html: PUBLIC_PAGES, modules: ["src/pages/login-page.tsx"], budget: STAFF_SIGN_IN_BUDGET },
  { route: "/me", html: "me.html", modules: ["src/patient-app/pages/me-home-page.tsx"], budget: PATIENT_APP_BUDGET },
  {
    route: "/me/login",
    html: "me.html",
    modules: ["src/patient-app/pages/me-login-page.tsx"],
    budget: PATIENT_APP_BUDGET,
    signInTexts: true,
  },
];

const webRoot = fileURLToPath(new URL("../apps/web/", import.meta.url));

/** Both web builds (the staff app, then the Preact one) into one folder: apps/web/scripts/build.mjs. */
export const buildWebInto = (dir: string) => {
  execFileSync(process.execPath, ["scripts/build.mjs", "--outDir", dir, "--quiet"], { cwd: webRoot, stdio: "inherit" });
};

/** Bytes on the wire: the .gz/.br the build writes beside each file (compressed here when absent). */
const compressedKb = (dist: string, file: string, encoding: "gz" | "br") => {
  const path = join(dist, file);
  if (existsSync(`${path}.${encoding}`)) return readFileSync(`${path}.${encoding}`).length / 1024;
  const raw = readFileSync(path);
  return (encoding === "gz" ? gzipSync(raw, { level: 9 }) : brotliCompressSync(raw)).length / 1024;
};

/** Source modules of the staff shell: a page that does not need it must not load them. */
const STAFF_SHELL = /apps\/web\/src\/app\/shell\/(?:app-shell|adaptive-layout|side-menu)\.tsx$/;

const sourcesOf = (dist: string, file: string) => {
  const map = `${join(dist, file)}.map`;
  return existsSync(map) ? (JSON.parse(readFileSync(map, "utf8")) as { sources: string[] }).sources : [];
};

/** The Preact build (apps/web/vite.preact.config.ts) writes its own manifest beside the staff build's. */
const PREACT_MANIFEST = ".vite/manifest.preact.json";
const PREACT_HTML = new Set([PUBLIC_PAGES, "me.html"]);

const readManifest = (dist: string, html: string) => {
  const preact = join(dist, PREACT_MANIFEST);
  const file = PREACT_HTML.has(html) && existsSync(preact) ? preact : join(dist, ".vite/manifest.json");
  return JSON.parse(readFileSync(file, "utf8")) as Manifest;
};

export const measureBundles = (dist: string) =>
  ROUTES.map(({ route, modules, budget, html = "index.html", signInTexts = false }) => {
    const manifest = readManifest(dist, html);
    const closure = (keys: string[], into = new Set<string>()) => {
      for (const key of keys) {
        if (into.has(key)) continue;
        const chunk = manifest[key];
        if (!chunk)
          throw new Error(`${key} is not in the build manifest (moved or renamed? update bench/bundle-size.ts)`);
        into.add(key);
        closure(chunk.imports ?? [], into);
      }
      return into;
    };
    const chunks = closure([html, ...modules]);
    const jsOf = (keys: Iterable<string>) =>
      [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith(".js"));
    // The heaviest language's texts (what they import beyond the page's own chunks), when the entry has them.
    const texts = TEXT_LANGUAGES.map((language) => {
      const keys = textModules(language, html === PUBLIC_PAGES, signInTexts).filter((key) => manifest[key]);
      return jsOf([...closure(keys, new Set(chunks))].filter((key) => !chunks.has(key)));
    })
      .map((languageFiles) => ({
        files: languageFiles,
        kb: languageFiles.reduce((sum, file) => sum + compressedKb(dist, file, "gz"), 0),
      }))
      .sort((a, b) => b.kb - a.kb)[0]?.files;
    const files = [...jsOf(chunks), ...(texts ?? [])];
    const kb = files.reduce((sum, file) => sum + compressedKb(dist, file, "gz"), 0);
    const brKb = files.reduce((sum, file) => sum + compressedKb(dist, file, "br"), 0);
    const staffShell = files.some((file) => sourcesOf(dist, file).some((source) => STAFF_SHELL.test(source)));
    return { route, requests: files.length, kb, brKb, budget, ok: kb <= budget, staffShell };
  });

/** Prints the table; builds into a temporary folder unless a built folder is given. */
export const printBundleSizes = (given?: string) => {
  const dist = given ?? mkdtempSync(join(tmpdir(), "openpro-bundle-"));
  try {
    if (!given) buildWebInto(dist);
    const rows = measureBundles(dist);
    console.log(
      "\nJavaScript loaded before first interaction (entry + the route's lazy chunks + its heaviest language's texts)\n",
    );
    const header = ["route", "JS files", "gzip kB", "budget", "br kB", "staff shell", ""];
    const table = rows.map((row) => [
      row.route,
      String(row.requests),
      row.kb.toFixed(1),
      `≤ ${row.budget}`,
      row.brKb.toFixed(1),
      row.staffShell ? "LOADED" : "no",
      row.ok ? "ok" : "OVER BUDGET",
    ]);
    const widths = header.map((cell, i) => Math.max(cell.length, ...table.map((line) => line[i]!.length)));
    for (const line of [header, ...table]) {
      console.log(line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
    }
    return rows;
  } finally {
    if (!given) rmSync(dist, { recursive: true, force: true });
  }
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) printBundleSizes(process.argv[2]);
