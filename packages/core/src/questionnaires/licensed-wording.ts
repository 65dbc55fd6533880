/**
 * The licensed wording of the validated instruments, installed by a deployment that holds the licences
 * (file named by LICENSED_WORDING_FILE; format in docs/licensed-wording.md). This code base never
 * carries that wording: without the file, screens show item codes and answer numbers and say so
 * (messages.licensedWordingNotInstalled).
 */
import { z } from "zod";
import {
  findInstrumentItem,
  type InstrumentCode,
  instrumentCodes,
  instruments,
  isValidInstrumentAnswer,
} from "./instruments.js";

const text = z.string({ error: "must be text" }).trim().min(1, "must not be empty");

/** A language tag such as "en", "en-GB", "de-CH". */
const LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

const answerSchema = z.strictObject(
  {
    value: z.number({ error: "must be a number" }).int("must be a whole number"),
    label: text,
  },
  { error: "must be an object with value and label" },
);

const itemWordingSchema = z.strictObject(
  {
    text,
    answers: z.array(answerSchema, { error: "must be a list of answers" }).optional(),
  },
  { error: "must be an object with text and optional answers" },
);

const instrumentWordingSchema = z.strictObject(
  {
    instrument: z.enum(instrumentCodes, {
      error: `unknown instrument (expected one of ${instrumentCodes.join(", ")})`,
    }),
    version: text,
    language: z.string({ error: "must be text" }).regex(LANGUAGE_PATTERN, "must be a language tag such as en or en-GB"),
    items: z.record(z.string(), itemWordingSchema, { error: "must be an object keyed by item code" }),
  },
  { error: "must be an object with instrument, version, language and items" },
);

export const licensedWordingSchema = z.array(instrumentWordingSchema, {
  error: "must be a list of instrument wordings",
});

export type LicensedWording = z.infer<typeof licensedWordingSchema>;
export type InstrumentWording = LicensedWording[number];
export type ItemWording = InstrumentWording["items"][string];

export type LicensedWordingResult = { ok: true; wording: LicensedWording } | { ok: false; problems: string[] };

const pathOf = (path: readonly PropertyKey[]): string => (path.length === 0 ? "(file)" : path.map(String).join("."));

const issueText = (issue: z.core.$ZodIssue, prefix: readonly PropertyKey[] = []): string => {
  const path = pathOf([...prefix, ...issue.path]);
  if (issue.code === "unrecognized_keys") return `${path}: unknown field ${issue.keys.join(", ")}`;
  return `${path}: ${issue.message}`;
};

/** Problems the schema cannot see: item codes against the instrument, answer values, duplicates. */
const contentProblems = (entries: [number, InstrumentWording][]): string[] => {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const [index, entry] of entries) {
    const instrument = instruments[entry.instrument];
    const key = `${entry.instrument} ${entry.language}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push(`${index}: ${entry.instrument} in ${entry.language} is already given at ${earlier}`);
    } else {
      seen.set(key, index);
    }
    for (const [code, itemWording] of Object.entries(entry.items)) {
      const item = findInstrumentItem(entry.instrument, code);
      if (!item) {
        problems.push(`${index}.items.${code}: unknown item code for ${entry.instrument}`);
        continue;
      }
      const values = new Set<number>();
      itemWording.answers?.forEach((answer, a) => {
        if (!isValidInstrumentAnswer(item, answer.value)) {
          problems.push(
            `${index}.items.${code}.answers.${a}.value: ${answer.value} is outside ${item.scale.min}–${item.scale.max}`,
          );
        } else if (values.has(answer.value)) {
          problems.push(`${index}.items.${code}.answers.${a}.value: ${answer.value} is given twice`);
        }
        values.add(answer.value);
      });
    }
    const missing = instrument.items.map((i) => i.code).filter((code) => !(code in entry.items));
    if (missing.length > 0) problems.push(`${index}.items: missing items ${missing.join(", ")}`);
  }
  return problems;
};

/**
 * Reads a licensed-wording file's parsed JSON. Every problem is reported as "path: detail"
 * (path by list index and keys, e.g. "0.items.Q31: unknown item code for QLQC30"); all problems of
 * the file are reported at once.
 */
export const parseLicensedWording = (json: unknown): LicensedWordingResult => {
  if (!Array.isArray(json)) return { ok: false, problems: ["(file): must be a list of instrument wordings"] };
  const problems: string[] = [];
  const entries: [number, InstrumentWording][] = [];
  json.forEach((raw, index) => {
    const parsed = instrumentWordingSchema.safeParse(raw);
    if (parsed.success) entries.push([index, parsed.data]);
    else problems.push(...parsed.error.issues.map((issue) => issueText(issue, [index])));
  });
  problems.push(...contentProblems(entries));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, wording: entries.map(([, entry]) => entry) };
};

/**
 * The installed wording of one item, in the language asked for, else in the language's base
 * ("en" for "en-GB"), else in any installed language of the instrument; null when none is installed.
 */
export const findItemWording = (
  wording: LicensedWording | null | undefined,
  instrument: InstrumentCode,
  itemCode: string,
  language?: string,
): ItemWording | null => {
  const entries = (wording ?? []).filter((w) => w.instrument === instrument);
  const base = language?.split("-")[0];
  const entry =
    entries.find((w) => w.language === language) ??
    entries.find((w) => w.language === base || w.language.split("-")[0] === base) ??
    entries[0];
  return entry?.items[itemCode] ?? null;
};

/**
 * Whether a validated instrument may reach patients: only with its licensed wording installed. A
 * patient is never sent an instrument as codes ("Question MO", answers "1 / 2 / 3"): they would
 * guess what a code means and the scores clinicians read would be unreliable (hazard log HAZ-008).
 */
export const instrumentDeliverable = (wording: LicensedWording | null | undefined, code: InstrumentCode): boolean =>
  !!wording?.some((w) => w.instrument === code);

/** The instruments among these codes that cannot reach patients, each once, in the order given. */
export const instrumentsWithoutWording = (
  wording: LicensedWording | null | undefined,
  codes: readonly (InstrumentCode | string | null | undefined)[],
): InstrumentCode[] => {
  const held: InstrumentCode[] = [];
  for (const code of codes) {
    if (!code || !(instrumentCodes as readonly string[]).includes(code)) continue;
    const instrument = code as InstrumentCode;
    if (!instrumentDeliverable(wording, instrument) && !held.includes(instrument)) held.push(instrument);
  }
  return held;
};
