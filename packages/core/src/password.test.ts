import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { limits, PASSWORD_SPECIAL_CHARACTERS } from "./limits.js";
import { messages } from "./messages.js";
import {
  evaluateChecklist,
  isGuessablePassword,
  passwordChecklist,
  passwordProblem,
  passwordStem,
  passwordUserInputs,
  type StrengthEstimate,
} from "./rules/password.js";
import { newPasswordField } from "./validation.js";

const STRONG = "Harbour-Lights-2026!";

describe("passwordProblem", () => {
  it("accepts a long password with every character class", () => {
    expect(passwordProblem(STRONG)).toBeNull();
    expect(passwordProblem("Tq7!mZp2@wLx")).toBeNull(); // exactly 12
  });

  it("refuses fewer than 12 characters with 'Password should have at least 12 characters'", () => {
    expect(passwordProblem("Tq7!mZp2@wL")).toBe("Password should have at least 12 characters");
    expect(passwordProblem("")).toBe(messages.passwordMinLength(12));
  });

  it("refuses more than 128 characters and accepts exactly 128", () => {
    const base = "Tq7!mZp2@wLx";
    const exactly128 = base + "k".repeat(128 - base.length);
    expect(passwordProblem(exactly128)).toBeNull();
    expect(passwordProblem(`${exactly128}k`)).toBe(messages.passwordMaxLength(limits.passwordMaxLength));
    expect(messages.passwordMaxLength(128)).toBe("Password should have at most 128 characters");
  });

  it("refuses a 12+ character password missing any checklist class", () => {
    const missing = {
      lower: "TQ7!MZP2@WLXK",
      upper: "tq7!mzp2@wlxk",
      digit: "Tqx!mZpy@wLxk",
      special: "Tq7xmZp2ywLxk",
      whitespace: "Tq7! mZp2@wLx",
    };
    for (const [id, password] of Object.entries(missing)) {
      expect(passwordProblem(password), id).toBe(messages.passwordChecklist);
      expect(evaluateChecklist(password)[id as keyof ReturnType<typeof evaluateChecklist>], id).toBe(false);
    }
    expect(passwordProblem("Tq7!mZp2@wLx\t")).toBe(messages.passwordChecklist);
  });

  it("counts every listed special character, and only those", () => {
    for (const c of PASSWORD_SPECIAL_CHARACTERS) {
      expect(passwordProblem(`Tq7mZp2wLxkr${c}`), c).toBeNull();
    }
    for (const c of ["-", "_", "+", "=", "~", "/", "\\", "[", "]", ";"]) {
      expect(passwordProblem(`Tq7mZp2wLxkr${c}`), c).toBe(messages.passwordChecklist);
    }
  });

  it("leaves guessability to zxcvbn (server adapter and the browser): core checks only the rules", () => {
    // "Password123!!" passes core's rules; apps/server/src/platform/auth/password-strength.test.ts refuses it.
    expect(passwordProblem("Password123!!")).toBeNull();
  });

  it("reads the stem of a decorated password as crackers do (case, @ and $, punctuation, trailing digits)", () => {
    expect(passwordStem("P@ssw0rd-2024!")).toBe("passw0rd");
    expect(passwordStem("Pa$$word-2024!")).toBe("password");
    expect(passwordStem("Iloveyou.2025!")).toBe("iloveyou");
    expect(passwordStem("Harbour-Lights-2026!")).toBe("harbourlights");
  });

  it("counts a password guessable when zxcvbn scores it under 3 or its stem is one known word", () => {
    const calls: [string, string[]][] = [];
    const estimate = (scores: Record<string, StrengthEstimate>) => (password: string, inputs: string[]) => {
      calls.push([password, inputs]);
      return scores[password] ?? { score: 4, sequence: [{ pattern: "bruteforce" }] };
    };
    const strong = { score: 4, sequence: [{ pattern: "dictionary" }, { pattern: "dictionary" }] };
    expect(isGuessablePassword("Tq7!mZp2@wLx", estimate({}))).toBe(false);
    expect(isGuessablePassword("Tq7!mZp2@wLx", estimate({ "Tq7!mZp2@wLx": { score: 2, sequence: [] } }))).toBe(true);
    expect(
      isGuessablePassword(
        "Pa$$word-2024!",
        estimate({ password: { score: 0, sequence: [{ pattern: "dictionary" }] } }),
      ),
    ).toBe(true);
    expect(isGuessablePassword("Harbour-Lights-2026!", estimate({ harbourlights: strong }))).toBe(false);
    calls.length = 0;
    isGuessablePassword("Tq7!mZp2@wLx", estimate({}), "margaret.hughes@clinic.test");
    expect(calls[0]).toEqual(["Tq7!mZp2@wLx", ["margaret.hughes", "margaret", "hughes"]]);
    expect(passwordUserInputs("al@clinic.test")).toEqual([]);
  });

  it("refuses a password built from the user's e-mail name", () => {
    const email = "margaret.hughes@clinic.test";
    expect(passwordProblem("Margaret.Hughes-77", { email })).toBe(messages.passwordTooCommon);
    expect(passwordProblem("X1!margaretHUGHESx", { email })).toBe(messages.passwordTooCommon);
    expect(passwordProblem("Margaret.Hughes-77")).toBeNull();
    expect(passwordProblem("Margaret.Hughes-77", { email: "someone.else@clinic.test" })).toBeNull();
    // Very short local parts are not a signal (every password would contain "al").
    expect(passwordProblem("Albatross!Wing42", { email: "al@clinic.test" })).toBeNull();
  });

  it("is what the newPasswordField schema reports", () => {
    const result = newPasswordField.safeParse("short");
    expect(result.error?.issues[0]?.message).toBe(messages.passwordMinLength(12));
    expect(newPasswordField.safeParse("").error?.issues[0]?.message).toBe(messages.required);
    expect(newPasswordField.safeParse(STRONG).success).toBe(true);
  });
});

describe("the live checklist", () => {
  it("has the classes of the spec, in order", () => {
    // Every line green means accepted: the length line is the enforced minimum.
    expect(passwordChecklist[0]!.label).toBe(`At least ${limits.passwordMinLength} characters`);
    expect(passwordChecklist.map((item) => item.id)).toEqual([
      "length",
      "lower",
      "upper",
      "digit",
      "special",
      "whitespace",
    ]);
    expect(evaluateChecklist("")).toEqual({
      length: false,
      lower: false,
      upper: false,
      digit: false,
      special: false,
      whitespace: false,
    });
    expect(evaluateChecklist("aA1!aaaaaaaa")).toEqual({
      length: true,
      lower: true,
      upper: true,
      digit: true,
      special: true,
      whitespace: true,
    });
    expect(evaluateChecklist("aA1!aaa").length).toBe(false);
  });
});

const lower = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz");
const upper = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const digit = fc.constantFrom(..."0123456789");
const special = fc.constantFrom(...PASSWORD_SPECIAL_CHARACTERS);
const letter = fc.oneof(lower, upper);

/** A password from one character of every class plus random letters, shuffled. */
const builtPassword = fc
  .tuple(lower, upper, digit, special, fc.array(letter, { minLength: 8, maxLength: 120 }), fc.array(fc.nat()))
  .map(([l, u, d, s, rest, order]) => {
    const chars = [l, u, d, s, ...rest];
    // Fisher-Yates driven by the generated numbers, so shrinking stays deterministic.
    for (let i = chars.length - 1; i > 0; i--) {
      const j = (order[i % Math.max(order.length, 1)] ?? 0) % (i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    return chars.join("");
  });

describe("password properties", () => {
  it("a built password of 12+ characters with each class passes unless it holds the e-mail name", () => {
    fc.assert(
      fc.property(builtPassword, (password) => {
        const problem = passwordProblem(password);
        expect(problem === null || problem === messages.passwordTooCommon).toBe(true);
        if (problem === null) {
          expect(password.length).toBeGreaterThanOrEqual(limits.passwordMinLength);
          expect(password.length).toBeLessThanOrEqual(limits.passwordMaxLength);
          expect(password).not.toMatch(/\s/);
          expect(Object.values(evaluateChecklist(password)).every(Boolean)).toBe(true);
        }
      }),
    );
  });

  it("any accepted password has 12..128 characters, every class and no whitespace", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 140, unit: "binary-ascii" }), (password) => {
        if (passwordProblem(password) !== null) return;
        expect(password.length).toBeGreaterThanOrEqual(12);
        expect(password.length).toBeLessThanOrEqual(128);
        expect(password).not.toMatch(/\s/);
        expect(password).toMatch(/[a-z]/);
        expect(password).toMatch(/[A-Z]/);
        expect(password).toMatch(/[0-9]/);
        expect([...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("inserting whitespace anywhere into an accepted password makes it fail", () => {
    fc.assert(
      fc.property(builtPassword, fc.nat(), fc.constantFrom(" ", "\t", "\n", "\u00a0"), (password, at, space) => {
        const index = at % (password.length + 1);
        const spaced = password.slice(0, index) + space + password.slice(index);
        expect(spaced.length).toBeLessThanOrEqual(128);
        expect(passwordProblem(spaced)).not.toBeNull();
      }),
    );
  });

  it("a password shorter than 12 always gets the minimum length message first", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 11 }), (password) => {
        expect(passwordProblem(password)).toBe(messages.passwordMinLength(12));
      }),
    );
  });

  it("a password containing the e-mail name (4+ letters) is always refused", () => {
    fc.assert(
      fc.property(builtPassword, fc.stringMatching(/^[a-z]{4,12}$/), (password, name) => {
        const candidate = password.slice(0, 100) + name;
        expect(passwordProblem(candidate, { email: `${name}@clinic.test` })).not.toBeNull();
      }),
    );
  });
});
