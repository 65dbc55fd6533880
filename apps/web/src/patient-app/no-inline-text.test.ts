import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const src = join(import.meta.dirname, "..");
/** The patient's screens whose every text comes from core's patient catalogue (patient-text/). */
const PATIENT_DIRECTORIES = ["patient-app", "public-pages-app"];
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
  it("come from the patients' catalogue: no text written into the patient app's or the public pages' frame markup", () => {
    const files = PATIENT_DIRECTORIES.flatMap((dir) => sourcesUnder(join(src, dir)));
    expect(files.length).toBeGreaterThan(20);
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
