import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { limits } from "./limits.js";
import { messages } from "./messages.js";
import {
  emailField,
  exactDigits,
  exactLengthCode,
  optionalText,
  PHONE_PATTERN,
  requiredText,
  uuidField,
  withConfirmedPassword,
} from "./validation.js";

/** The first message zod gives for a value, or null when it passes. */
const problemOf = (schema: z.ZodType, value: unknown): string | null => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? "no message");
};

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
};

describe("requiredText", () => {
  it("treats empty and whitespace-only input as empty, with the required message", () => {
    for (const value of ["", " ", "   ", "\t", "\n \t "]) {
      expect(problemOf(requiredText(), value)).toBe(messages.required);
      expect(problemOf(requiredText(10), value)).toBe(messages.required);
    }
  });

  it("uses the field's own required message when given one", () => {
    expect(problemOf(requiredText(100, messages.firstNameRequired), "  ")).toBe(messages.firstNameRequired);
    expect(problemOf(requiredText(100, messages.firstNameRequired), undefined)).toBe(messages.firstNameRequired);
  });

  it("trims the value it accepts", () => {
    expect(requiredText(10).parse("  Nia  ")).toBe("Nia");
  });

  it("refuses more than N characters with 'Max length is N characters.' and accepts exactly N", () => {
    expect(problemOf(requiredText(5), "abcdef")).toBe("Max length is 5 characters.");
    expect(problemOf(requiredText(5), "abcde")).toBeNull();
    // Surrounding spaces do not count against the limit.
    expect(problemOf(requiredText(5), "  abcde  ")).toBeNull();
    expect(problemOf(requiredText(limits.text.organisationName), "x".repeat(251))).toBe(
      "Max length is 250 characters.",
    );
  });

  it("property: any text with a non-space character and at most N characters passes, trimmed", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 40 }), (text, max) => {
        const trimmed = text.trim();
        const result = requiredText(max).safeParse(text);
        if (trimmed.length === 0) {
          expect(result.success).toBe(false);
          expect(result.error?.issues[0]?.message).toBe(messages.required);
        } else if (trimmed.length > max) {
          expect(result.error?.issues[0]?.message).toBe(messages.maxLength(max));
        } else {
          expect(result.data).toBe(trimmed);
        }
      }),
    );
  });
});

describe("optionalText", () => {
  it("accepts absence and refuses overlong text", () => {
    expect(problemOf(optionalText(3), undefined)).toBeNull();
    expect(problemOf(optionalText(3), "abcd")).toBe(messages.maxLength(3));
  });
});

describe("emailField", () => {
  it("accepts valid addresses and lower-cases them", () => {
    expect(emailField().parse("Nurse.Nia+ward3@Clinic.Example.org")).toBe("nurse.nia+ward3@clinic.example.org");
    expect(emailField().parse("  A@B.CO  ")).toBe("a@b.co");
    expect(emailField().parse("o'brien@nhs.uk")).toBe("o'brien@nhs.uk");
  });

  it("refuses malformed addresses with 'Not a valid email address'", () => {
    for (const value of [
      "plainaddress",
      "no-at.example.com",
      "a@b",
      "a@@b.com",
      "a b@c.com",
      "@clinic.test",
      "nurse@",
      "nurse@-clinic.test",
      "nurse@clinic-.test",
      "nurse@clinic..test",
    ]) {
      expect(problemOf(emailField(), value), value).toBe(messages.invalidEmail);
    }
  });

  it("gives the required message for an empty e-mail, and the max length message past 256", () => {
    expect(problemOf(emailField(), "   ")).toBe(messages.required);
    const long = `${"a".repeat(250)}@b.test`;
    expect(problemOf(emailField(), long)).toBe(messages.maxLength(limits.text.email));
  });

  it("property: generated addresses are accepted and come back lower-cased", () => {
    const label = fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,8}[A-Za-z0-9])?$/);
    const address = fc
      .tuple(fc.stringMatching(/^[A-Za-z0-9._%+-]{1,20}$/), fc.array(label, { minLength: 2, maxLength: 4 }))
      .map(([local, labels]) => `${local}@${labels.join(".")}`);
    fc.assert(
      fc.property(address, (value) => {
        expect(emailField().parse(value)).toBe(value.toLowerCase());
      }),
    );
  });

  it("property: a string without exactly one @ is never accepted", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((s) => s.split("@").length !== 2),
        (value) => {
          expect(emailField().safeParse(value).success).toBe(false);
        },
      ),
    );
  });
});

describe("exactDigits", () => {
  const six = exactDigits(6);
  it("accepts exactly N digits", () => {
    expect(six.parse("012345")).toBe("012345");
    expect(six.parse(" 987654 ")).toBe("987654");
  });

  it("refuses other lengths or non-digits with 'Length should be exactly N symbols'", () => {
    for (const value of ["12345", "1234567", "12a456", "12 456", "١٢٣٤٥٦", "+12345"]) {
      expect(problemOf(six, value), value).toBe(messages.exactLength(6));
    }
    expect(problemOf(six, "")).toBe(messages.required);
    expect(problemOf(six, undefined)).toBe(messages.required);
  });

  it("property: any 6-digit string passes, any other digit count fails", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,12}$/), (digits) => {
        expect(six.safeParse(digits).success).toBe(digits.length === 6);
      }),
    );
  });
});

describe("exactLengthCode", () => {
  it("needs exactly N characters", () => {
    expect(problemOf(exactLengthCode(8), "ABCDEFGH")).toBeNull();
    expect(problemOf(exactLengthCode(8), "ABCDEFG")).toBe(messages.exactLength(8));
    expect(problemOf(exactLengthCode(8), "ABCDEFGHJ")).toBe(messages.exactLength(8));
    expect(problemOf(exactLengthCode(8), " ")).toBe(messages.required);
  });
});

describe("phone and uuid patterns", () => {
  it("phone: optional plus, 7 to 15 digits, first digit not 0", () => {
    for (const ok of ["+447700900123", "4477009", "123456789012345"]) expect(PHONE_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["0447700900", "+0447700900", "123456", "1234567890123456", "+44 7700 900123", ""]) {
      expect(PHONE_PATTERN.test(bad), bad).toBe(false);
    }
  });

  it("uuidField refuses anything that is not UUID-shaped", () => {
    expect(problemOf(uuidField(), "3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b")).toBeNull();
    expect(problemOf(uuidField("Enter a valid program ID"), "not-a-uuid")).toBe("Enter a valid program ID");
  });
});

describe("withConfirmedPassword", () => {
  const schema = withConfirmedPassword({});
  const strong = "Harbour-Lights-2026!";

  it("accepts a strong password confirmed identically", () => {
    expect(schema.parse({ password: strong, confirmPassword: strong })).toEqual({
      password: strong,
      confirmPassword: strong,
    });
  });

  it("reports a mismatch on confirmPassword with 'Password doesn’t match'", () => {
    expect(issuesOf(schema, { password: strong, confirmPassword: `${strong}x` })).toEqual([
      { path: "confirmPassword", message: "Password doesn\u2019t match" },
    ]);
    expect(messages.passwordMismatch).toBe("Password doesn\u2019t match");
  });

  it("reports a weak password on the password field, and missing fields as required", () => {
    expect(issuesOf(schema, { password: "short", confirmPassword: "short" })).toEqual([
      { path: "password", message: messages.passwordMinLength(12) },
    ]);
    expect(issuesOf(schema, {})).toEqual(
      expect.arrayContaining([
        { path: "password", message: messages.required },
        { path: "confirmPassword", message: messages.required },
      ]),
    );
  });

  it("keeps the extra fields of the shape and refuses unknown ones", () => {
    const withCode = withConfirmedPassword({ resetCode: exactLengthCode(8) });
    expect(issuesOf(withCode, { resetCode: "ABCDEFGH", password: strong, confirmPassword: strong })).toEqual([]);
    expect(issuesOf(withCode, { resetCode: "ABC", password: strong, confirmPassword: strong })).toEqual([
      { path: "resetCode", message: messages.exactLength(8) },
    ]);
    expect(
      issuesOf(withCode, { resetCode: "ABCDEFGH", password: strong, confirmPassword: strong, role: "x" }),
    ).toHaveLength(1);
  });

  it("property: confirmation of a valid password passes exactly when it is equal", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (confirm) => {
        const ok = schema.safeParse({ password: strong, confirmPassword: confirm }).success;
        expect(ok).toBe(confirm === strong);
      }),
    );
  });
});
