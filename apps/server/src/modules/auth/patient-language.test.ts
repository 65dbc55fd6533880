import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPatient, fieldErrors, login } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

describe("the language a patient chose, remembered on the account", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A patient of the app, signed in (scope patient). */
  const aSignedInPatient = async (email: string) => {
    await createPatient(t, { email, password: "Lena-Keller-2026!", firstName: "Lena" });
    const response = await login(t, email, "Lena-Keller-2026!", "patient");
    expect(response.statusCode).toBe(200);
    return (response.json() as { accessToken: string }).accessToken;
  };
  const current = (token?: string) => t.request({ method: "GET", url: "/api/v1/current", token });
  const choose = (payload: object, token?: string) =>
    t.request({ method: "PATCH", url: "/api/v1/current", token, payload });

  it("starts unchosen, then keeps the patient's choice for every later sign-in", async () => {
    const token = await aSignedInPatient("lena.keller@example.ch");
    expect((await current(token)).json()).toMatchObject({ language: null });

    const chosen = await choose({ language: "fr" }, token);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ language: "fr", firstName: "Lena" });

    const again = await login(t, "lena.keller@example.ch", "Lena-Keller-2026!", "patient");
    const later = (again.json() as { accessToken: string }).accessToken;
    expect((await current(later)).json()).toMatchObject({ language: "fr" });
  });

  it("refuses a language it does not offer, with a person's message, and changes nothing", async () => {
    const token = await aSignedInPatient("marco.rossi@example.ch");
    await choose({ language: "it" }, token);
    for (const language of ["klingon", "EN", "", 3, null]) {
      const refused = await choose({ language }, token);
      expect(refused.statusCode, String(language)).toBe(422);
      expect(fieldErrors(refused)).toEqual([{ field: "language", message: messages.unknownLanguage }]);
    }
    expect((await current(token)).json()).toMatchObject({ language: "it" });
  });

  it("is set only by the account's own signed-in owner", async () => {
    expect((await choose({ language: "de" })).statusCode).toBe(401);
  });
});
