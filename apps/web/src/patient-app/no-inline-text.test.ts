import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { englishPublicPageText } from "@openpro/core";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const src = join(import.meta.dirname, "..");
/** The patient's screens whose every text comes from core's patient catalogue (patient-text/). */
const PATIENT_DIRECTORIES = ["patient-app", "public-pages-app", "features/patient-side"];
/**
 * The public pages a patient opens (public-pages-app's switch) and the forms they show. The staff
 * pages of that entry (/login, /join) are English by design (staff screens), and the sign-up forms'
 * shared fields (sign-in-fields, new-password-fields, password-checklist, legal-acceptance-fields)
 * are scanned too: their English defaults are the staff's, given as values, not written in markup.
 */
const PATIENT_PAGES = [
  "pages/patient-invite-page.tsx",
  "pages/patient-consent-page.tsx",
  "pages/demographics-page.tsx",
  "pages/get-the-app-page.tsx",
  "pages/unsubscribe-page.tsx",
  "pages/study-page.tsx",
  "pages/auth-confirm-page.tsx",
  "features/auth/components/patient-sign-in-form.tsx",
  "features/auth/components/patient-signup-form.tsx",
  "features/auth/components/sign-in-fields.tsx",
  "features/auth/components/new-password-fields.tsx",
  "features/auth/components/password-checklist.tsx",
  "features/auth/components/legal-acceptance-fields.tsx",
];
/** Attributes a person reads or hears (labels, titles, alternatives). */
const READ_ATTRIBUTES = new Set(["label", "title", "aria-label", "placeholder", "helperText", "alt", "legend"]);

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourcesUnder(join(dir, entry.name))
      : /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

/** Words written into the markup: JSX text and string attributes a person reads. */
const inlineTexts = (file: string, text = readFileSync(file).toString("utf8")): string[] => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${relative(src, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}{2}/u.test(node.text)) found.push(`${where(node)} ${node.text.trim()}`);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (
        value &&
        (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) || ts.isTemplateExpression(value))
      )
        if (/\p{L}{2}/u.test(value.getText())) found.push(`${where(node)} ${node.name.getText()}=${value.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

describe("patient-facing words", () => {
  it("come from the patients' catalogue: no text written into the patient app's or the public pages' markup", () => {
    const files = [
      ...PATIENT_DIRECTORIES.flatMap((dir) => sourcesUnder(join(src, dir))),
      ...PATIENT_PAGES.map((file) => join(src, file)),
    ];
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap((file) => inlineTexts(file))).toEqual([]);
  });

  it("are found when written inline (the scan itself)", () => {
    const file = join(src, "patient-app", "probe.tsx");
    const probe = 'export const A = () => <p title="Hello there">Take your pills <b>{t("ok")}</b> 1 · 2</p>;';
    expect(inlineTexts(file, probe)).toEqual([
      'patient-app/probe.tsx:1 title="Hello there"',
      "patient-app/probe.tsx:1 Take your pills",
    ]);
  });
});

/** The modules an entry reaches through relative imports (static and lazy), tests left out. */
const reachedFrom = (entry: string) => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)) {
      const base = resolve(dirname(file), spec!);
      const found = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), base].find(
        (candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate),
      );
      if (found && !/\.test\.tsx?$/.test(found)) visit(found);
    }
  };
  visit(entry);
  return [...seen];
};

describe("the patient app's texts", () => {
  it("are all in the app's catalogue: it reads none of the public pages' own (en-public.ts), which it never loads", () => {
    const publicOnly = new Set(Object.keys(englishPublicPageText));
    const files = reachedFrom(join(src, "patient-app", "main.tsx"));
    expect(files.length).toBeGreaterThan(30);
    const read = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\bt\(\s*"([A-Za-z0-9_]+)"/g)].map(([, key]) => ({ file, key: key! })),
    );
    expect(read.length).toBeGreaterThan(100);
    expect(
      read.filter(({ key }) => publicOnly.has(key)).map(({ file, key }) => `${relative(src, file)} ${key}`),
    ).toEqual([]);
  });
});
