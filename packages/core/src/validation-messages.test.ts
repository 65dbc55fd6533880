import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messages } from "./messages.js";
import "./validation.js";

/** No schema library text reaches a person: where a schema names no message, ours stand in. */
describe("default validation messages", () => {
  const firstMessage = (schema: z.ZodType, input: unknown) => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error("expected a failure");
    return result.error.issues[0]!.message;
  };

  it("says a missing value is required and a wrong one is not valid", () => {
    expect(firstMessage(z.object({ name: z.string() }), {})).toBe(messages.required);
    expect(firstMessage(z.number(), "seven")).toBe(messages.notValidValue);
    expect(firstMessage(z.string().max(5), "toolong")).toBe(messages.maxLength(5));
    expect(firstMessage(z.enum(["a", "b"]), "c")).toBe(messages.chooseAnOption);
    expect(firstMessage(z.string().regex(/^x$/), "y")).toBe(messages.notValidValue);
  });

  it("never lets a schema library's wording through", () => {
    const schemas: [z.ZodType, unknown][] = [
      [z.string(), 1],
      [z.number().int(), 1.5],
      [z.array(z.string()).min(1), []],
      [z.boolean(), "yes"],
      [z.iso.date(), "2026-13-45"],
      [z.discriminatedUnion("k", [z.object({ k: z.literal("a") })]), { k: "b" }],
    ];
    for (const [schema, input] of schemas)
      expect(firstMessage(schema, input)).not.toMatch(/Invalid|expected|received/i);
  });

  it("keeps a schema's own message", () => {
    expect(firstMessage(z.string().min(1, "Please enter a name"), "")).toBe("Please enter a name");
  });
});
