import { describe, expect, it } from "vitest";
import { messages } from "../messages.js";
import { type InstrumentCode, instruments } from "./instruments.js";
import {
  findItemWording,
  instrumentDeliverable,
  instrumentsWithoutWording,
  type LicensedWording,
  parseLicensedWording,
} from "./licensed-wording.js";

/** Placeholder wording for every item of an instrument (never the licensed text). */
const placeholder = (instrument: InstrumentCode, language = "en-GB") => ({
  instrument,
  version: instruments[instrument].version,
  language,
  items: Object.fromEntries(
    instruments[instrument].items.map((i) => [i.code, { text: `[${language}] ${i.code}` }]),
  ) as Record<string, unknown>,
});

const problemsOf = (json: unknown): string[] => {
  const result = parseLicensedWording(json);
  return result.ok ? [] : result.problems;
};

describe("parseLicensedWording", () => {
  it("accepts a file with every instrument, answers included", () => {
    const c30 = placeholder("QLQC30");
    c30.items.Q29 = {
      text: "[en-GB] Q29",
      answers: [1, 2, 3, 4, 5, 6, 7].map((value) => ({ value, label: `A${value}` })),
    };
    const json = [c30, placeholder("BN20"), placeholder("EQ5D"), placeholder("FACTG"), placeholder("EQ5D", "de-CH")];
    const result = parseLicensedWording(JSON.parse(JSON.stringify(json)));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.wording).toHaveLength(5);
      expect(result.wording[0]?.items.Q29?.answers).toHaveLength(7);
    }
  });

  it("accepts an empty list (no instrument licensed)", () => {
    expect(parseLicensedWording([])).toEqual({ ok: true, wording: [] });
  });

  it("reports an unknown instrument with its path", () => {
    expect(problemsOf([{ ...placeholder("EQ5D"), instrument: "SF36" }])).toEqual([
      "0.instrument: unknown instrument (expected one of EQ5D, BN20, QLQC30, FACTG)",
    ]);
  });

  it("reports unknown item codes and missing items", () => {
    const bn20 = placeholder("BN20");
    delete bn20.items.BN7;
    delete bn20.items.BN20;
    const eq5d = placeholder("EQ5D");
    eq5d.items.MOBILITY = { text: "x" };
    expect(problemsOf([bn20, eq5d])).toEqual([
      "0.items: missing items BN7, BN20",
      "1.items.MOBILITY: unknown item code for EQ5D",
    ]);
  });

  it("reports answers outside the item's range and given twice", () => {
    const factg = placeholder("FACTG");
    factg.items.GP1 = {
      text: "x",
      answers: [
        { value: 0, label: "a" },
        { value: 5, label: "b" },
        { value: 0, label: "c" },
      ],
    };
    expect(problemsOf([factg])).toEqual([
      "0.items.GP1.answers.1.value: 5 is outside 0–4",
      "0.items.GP1.answers.2.value: 0 is given twice",
    ]);
  });

  it("reports a second wording of the same instrument and language", () => {
    expect(problemsOf([placeholder("EQ5D"), placeholder("EQ5D")])).toEqual(["1: EQ5D in en-GB is already given at 0"]);
  });

  it("reports malformed fields with their paths, and every problem of the file at once", () => {
    const c30 = placeholder("QLQC30");
    c30.items.Q1 = { text: "  " };
    c30.items.Q2 = { text: "x", answers: [{ value: 1.5, label: "a" }] };
    const problems = problemsOf([
      { ...c30, language: "English", extra: true },
      { ...placeholder("BN20"), version: 3 },
      { ...placeholder("FACTG"), items: { GP99: { text: "x" } } },
    ]);
    expect(problems).toEqual([
      "0.language: must be a language tag such as en or en-GB",
      "0.items.Q1.text: must not be empty",
      "0.items.Q2.answers.0.value: must be a whole number",
      "0: unknown field extra",
      "1.version: must be text",
      "2.items.GP99: unknown item code for FACTG",
      expect.stringMatching(/^2\.items: missing items GP1, GP2, .*GF7$/),
    ]);
  });

  it("refuses a file that is not a list", () => {
    expect(problemsOf({ instrument: "EQ5D" })).toEqual(["(file): must be a list of instrument wordings"]);
    expect(problemsOf(["EQ5D"])).toEqual(["0: must be an object with instrument, version, language and items"]);
  });
});

describe("findItemWording", () => {
  const wording = [placeholder("EQ5D", "en-GB"), placeholder("EQ5D", "de-CH")] as LicensedWording;

  it("finds the item in the language asked for, then its base language, then any installed one", () => {
    expect(findItemWording(wording, "EQ5D", "MO", "de-CH")?.text).toBe("[de-CH] MO");
    expect(findItemWording(wording, "EQ5D", "MO", "en")?.text).toBe("[en-GB] MO");
    expect(findItemWording(wording, "EQ5D", "MO", "en-US")?.text).toBe("[en-GB] MO");
    expect(findItemWording(wording, "EQ5D", "MO", "fr-CH")?.text).toBe("[en-GB] MO");
  });

  it("gives null without a licence, so that screens show the code and say the wording is not installed", () => {
    expect(findItemWording(null, "QLQC30", "Q1")).toBeNull();
    expect(findItemWording(wording, "QLQC30", "Q1")).toBeNull();
    expect(findItemWording(wording, "EQ5D", "Q1")).toBeNull();
    expect(messages.licensedWordingNotInstalled).toMatch(/not installed/);
  });
});

describe("instrumentDeliverable", () => {
  it("delivers an instrument to patients only when its wording is installed, never as codes", () => {
    const wording = [placeholder("EQ5D", "de-CH")] as LicensedWording;
    expect(instrumentDeliverable(wording, "EQ5D")).toBe(true);
    expect(instrumentDeliverable(wording, "QLQC30")).toBe(false);
    expect(instrumentDeliverable(null, "EQ5D")).toBe(false);
    expect(instrumentDeliverable([], "FACTG")).toBe(false);
  });

  it("names each instrument without wording once, and never a custom questionnaire", () => {
    const wording = [placeholder("EQ5D")] as LicensedWording;
    expect(instrumentsWithoutWording(wording, ["QLQC30", null, "EQ5D", "BN20", "QLQC30", "my-check-in"])).toEqual([
      "QLQC30",
      "BN20",
    ]);
    expect(instrumentsWithoutWording(null, [null, undefined])).toEqual([]);
  });
});
