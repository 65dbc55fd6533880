import { limits, PASSWORD_SPECIAL_CHARACTERS } from "../limits.js";
import { messages } from "../messages.js";

/**
 * The live checklist of the account and reset screens. Its length line shows the length that is
 * enforced (12), so a password with every line green is always accepted.
 */
export const passwordChecklist = [
  {
    id: "length",
    label: `At least ${limits.passwordMinLength} characters`,
    test: (p: string) => p.length >= limits.passwordMinLength,
  },
  { id: "lower", label: "One lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { id: "upper", label: "One uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { id: "digit", label: "One number", test: (p: string) => /[0-9]/.test(p) },
  {
    id: "special",
    label: `One special character from ${PASSWORD_SPECIAL_CHARACTERS}`,
    test: (p: string) => [...p].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  },
  { id: "whitespace", label: "No spaces", test: (p: string) => p.length > 0 && !/\s/.test(p) },
] as const;

export type ChecklistItemId = (typeof passwordChecklist)[number]["id"];

export const evaluateChecklist = (password: string): Record<ChecklistItemId, boolean> =>
  Object.fromEntries(passwordChecklist.map((item) => [item.id, item.test(password)])) as Record<
    ChecklistItemId,
    boolean
  >;

/** zxcvbn's score (0–4) a new password must reach: 3 is "safely unguessable" (about 10^8 guesses). */
export const passwordMinStrengthScore = 3;

/**
 * The spec gives two readings (12 characters, or 8 with character classes). We follow the
 * stricter one: both must hold, plus an upper bound and no password built from the e-mail name.
 * Returns the first message that applies, or null when the password passes these rules.
 *
 * Guessability (breached and common passwords, keyboard walks, dictionary words) is not judged
 * here: core imports only zod. The server checks it with zxcvbn after these rules
 * (apps/server/src/platform/auth/password-strength.ts), and the browser loads zxcvbn lazily on the
 * pages that set a password; both use `passwordStem` below.
 */
export const passwordProblem = (password: string, context: { email?: string } = {}): string | null => {
  if (password.length < limits.passwordMinLength) return messages.passwordMinLength(limits.passwordMinLength);
  if (password.length > limits.passwordMaxLength) return messages.passwordMaxLength(limits.passwordMaxLength);
  if (!passwordChecklist.every((item) => item.test(password))) return messages.passwordChecklist;
  if (containsEmailName(password, context.email)) return messages.passwordTooCommon;
  return null;
};

// "@", "$" and "0" stand for letters in the most common "complex" passwords (P@ssw0rd, Pa$$word).
const normalise = (value: string) =>
  value
    .toLowerCase()
    .replace(/@/g, "a")
    .replace(/\$/g, "s")
    .replace(/[^a-z0-9]/g, "");

/**
 * The word a "complex" password is built around: lower-cased, @ and $ read as letters,
 * punctuation dropped and trailing digits cut ("P@ssw0rd-2024!" → "passw0rd"). A password whose
 * stem is one common password or word is guessable however it is decorated.
 */
export const passwordStem = (password: string): string => normalise(password).replace(/[0-9]+$/, "");

/** Does the password contain the user's own e-mail name (4 letters or more)? */
export const containsEmailName = (password: string, email?: string): boolean => {
  const localPart = email ? normalise(email.split("@")[0] ?? "") : "";
  return localPart.length >= 4 && normalise(password).includes(localPart);
};

/** The part of a zxcvbn result the guessability rule reads (zxcvbn itself lives outside core). */
export interface StrengthEstimate {
  score: number;
  sequence: readonly { pattern: string }[];
}

/** The words zxcvbn should treat as known to an attacker: the e-mail name and its parts. */
export const passwordUserInputs = (email?: string): string[] => {
  const localPart = (email ?? "").split("@")[0]?.toLowerCase() ?? "";
  return [...new Set([localPart, ...localPart.split(/[^a-z0-9]+/)])].filter((word) => word.length >= 3);
};

/**
 * Guessable: zxcvbn scores it under `passwordMinStrengthScore`, or its stem is one single known
 * password, word, keyboard walk or sequence ("Pa$$word-2024!", "Iloveyou.2025!"), which crackers try
 * first with digits and symbols around it. `estimate` is zxcvbn's check, given by the caller.
 */
export const isGuessablePassword = (
  password: string,
  estimate: (password: string, userInputs: string[]) => StrengthEstimate,
  email?: string,
): boolean => {
  const inputs = passwordUserInputs(email);
  if (estimate(password, inputs).score < passwordMinStrengthScore) return true;
  const stem = passwordStem(password);
  if (stem.length < 4) return false;
  const { sequence } = estimate(stem, inputs);
  return sequence.length === 1 && sequence[0]?.pattern !== "bruteforce";
};
