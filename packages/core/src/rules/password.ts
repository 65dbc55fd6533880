import { limits, PASSWORD_SPECIAL_CHARACTERS } from "../limits.js";
import { messages } from "../messages.js";
import { commonPasswords } from "./common-passwords.js";

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

/**
 * The spec gives two readings (12 characters, or 8 with character classes). We follow the
 * stricter one: both must hold, plus an upper bound and a common-password check.
 * Returns the first message that applies, or null when the password is acceptable.
 */
export const passwordProblem = (password: string, context: { email?: string } = {}): string | null => {
  if (password.length < limits.passwordMinLength) return messages.passwordMinLength(limits.passwordMinLength);
  if (password.length > limits.passwordMaxLength) return messages.passwordMaxLength(limits.passwordMaxLength);
  if (!passwordChecklist.every((item) => item.test(password))) return messages.passwordChecklist;
  if (isCommonPassword(password, context.email)) return messages.passwordTooCommon;
  return null;
};

// "@" and "$" stand for letters in the most common "complex" passwords (P@ssw0rd, Pa$$word).
const normalise = (value: string) =>
  value
    .toLowerCase()
    .replace(/@/g, "a")
    .replace(/\$/g, "s")
    .replace(/[^a-z0-9]/g, "");

/** Known-breached passwords, and passwords built from the user's own e-mail name. */
export const isCommonPassword = (password: string, email?: string): boolean => {
  const simple = normalise(password);
  if (commonPasswords.has(simple)) return true;
  // "Password123!!" and friends: a common word followed by digits and symbols only.
  const stem = simple.replace(/[0-9]+$/, "");
  if (stem.length >= 4 && commonPasswords.has(stem)) return true;
  const localPart = email ? normalise(email.split("@")[0] ?? "") : "";
  return localPart.length >= 4 && simple.includes(localPart);
};
