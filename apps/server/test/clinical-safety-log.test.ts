import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * docs/clinical-safety.md is a hazard log whose every control names the test that proves it. This
 * holds the log to the code in the normal test run (so in CI): a named test file that is gone, or
 * a test title that was renamed or deleted, fails here.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const log = readFileSync(resolve(root, "docs/clinical-safety.md"), "utf8");

interface Hazard {
  id: string;
  fields: Map<string, string>;
  proofs: { file: string; title: string }[];
  pending: boolean;
}

const fieldNames = [
  "Cause",
  "Effect on the patient",
  "Severity × likelihood (before control)",
  "Control",
  "Proved by",
  "Residual risk",
];

const parseHazards = (text: string): Hazard[] =>
  text
    .split(/^### /m)
    .slice(1)
    .filter((section) => /^HAZ-\d{3}:/.test(section))
    .map((section) => {
      const id = section.slice(0, 7);
      const fields = new Map<string, string>();
      for (const match of section.matchAll(/^- \*\*(.+?):\*\*[ \t]*(.*)$/gm)) fields.set(match[1]!, match[2]!.trim());
      const proofs = [...section.matchAll(/^\s+- `([^`]+)` › "(.+)"\s*$/gm)].map((m) => ({
        file: m[1]!,
        title: m[2]!,
      }));
      return { id, fields, proofs, pending: fields.get("Proved by") === "pending" };
    });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A running test (it or test; not .skip, not commented out) with exactly this title, in any quote. */
const declaresTest = (source: string, title: string) => {
  const code = source
    .split("\n")
    .filter((line) => !line.trim().startsWith("//"))
    .join("\n");
  const quoted = ['"', "'", "`"].map((q) => `${q}${escapeRegExp(title)}${q}`).join("|");
  // A table test (it.each(rows)("%s: …")) counts under its title as written.
  return new RegExp(`\\b(?:it|test)(?:\\.each\\s*\\([^)]*\\))?\\s*\\(\\s*(?:${quoted})`).test(code);
};

describe("the hazard log (docs/clinical-safety.md) is held to the tests", () => {
  const hazards = parseHazards(log);

  it("reads hazards from the log, each with a unique id", () => {
    expect(hazards.length).toBeGreaterThan(10);
    expect(new Set(hazards.map((h) => h.id)).size).toBe(hazards.length);
  });

  it("gives every hazard a cause, an effect, its risk, a control, its proof and the residual risk", () => {
    for (const hazard of hazards)
      for (const name of fieldNames) expect(hazard.fields.has(name), `${hazard.id} lacks ${name}`).toBe(true);
  });

  it("names at least one test for every control that is not pending", () => {
    for (const hazard of hazards) {
      if (hazard.pending) expect(hazard.proofs, `${hazard.id} is pending but names tests`).toEqual([]);
      else expect(hazard.proofs.length, `${hazard.id} names no test`).toBeGreaterThan(0);
      if (hazard.fields.get("Control") !== "pending")
        expect(hazard.pending, `${hazard.id} has a control but no proof`).toBe(false);
    }
  });

  it("finds every named test file, with a test of exactly the named title", () => {
    const proofs = hazards.flatMap((h) => h.proofs.map((p) => ({ ...p, id: h.id })));
    expect(proofs.length).toBeGreaterThan(0);
    for (const proof of proofs) {
      const path = resolve(root, proof.file);
      expect(existsSync(path), `${proof.id}: ${proof.file} does not exist`).toBe(true);
      expect(
        declaresTest(readFileSync(path, "utf8"), proof.title),
        `${proof.id}: ${proof.file} has no test "${proof.title}"`,
      ).toBe(true);
    }
  });

  it("fails on a renamed test: the check itself can fail", () => {
    const source = 'it("raises an alert for a fever", () => {});\ntest(\n  "keeps the dose",\n  () => {},\n);';
    expect(declaresTest(source, "raises an alert for a fever")).toBe(true);
    expect(declaresTest(source, "keeps the dose")).toBe(true);
    expect(declaresTest(source, "raises an alert")).toBe(false);
    expect(declaresTest('// it("gone")', "gone")).toBe(false);
    // A skipped test is no proof; the sample is built so this file declares no skipped test itself.
    const skipped = ["it", "skip"].join(".");
    expect(declaresTest(`${skipped}("skipped")`, "skipped")).toBe(false);
    expect(declaresTest(`${["test", "skip"].join(".")}("skipped too")`, "skipped too")).toBe(false);
    expect(parseHazards('### HAZ-001: x\n- **Proved by:**\n  - `a.test.ts` › "t"\n')[0]!.proofs).toEqual([
      { file: "a.test.ts", title: "t" },
    ]);
  });
});
