import { limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors, login } from "../../../test/factories.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";

const CHANGE = "/api/v2/auth/change-password";
const NEW_PASSWORD = "Harbour-Lights-2026!";

describe("changing the password from a signed-in session needs the current password", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createStaff({ email: "margaret@clinic.test", role: "clinical_project_admin" });
    await t.createStaff({ email: "owen@clinic.test", role: "clinician_team_member" });
  });
  afterAll(() => t.close());

  const change = (token: string, payload: object) => t.request({ method: "POST", url: CHANGE, token, payload });

  it("refuses a stolen token without the current password, or with a wrong one, on currentPassword", async () => {
    const { accessToken } = await signIn(t, "margaret@clinic.test");
    const missing = await change(accessToken, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(422);
    expect(fieldErrors(missing)).toEqual([{ field: "currentPassword", message: messages.required }]);

    const wrong = await change(accessToken, {
      currentPassword: "Not-The-Password-1!",
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(422);
    expect(fieldErrors(wrong)).toEqual([{ field: "currentPassword", message: messages.currentPasswordIncorrect }]);

    // Nothing changed: the owner still signs in with the old password.
    expect((await login(t, "margaret@clinic.test", TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(t, "margaret@clinic.test", NEW_PASSWORD)).statusCode).toBe(401);
  });

  it("changes the password with the right current password", async () => {
    const { accessToken } = await signIn(t, "margaret@clinic.test");
    const changed = await change(accessToken, {
      currentPassword: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: messages.passwordUpdated });
    expect((await login(t, "margaret@clinic.test", NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("counts wrong current passwords as failed sign-ins: a token cannot be used to guess the password", async () => {
    const { accessToken } = await signIn(t, "owen@clinic.test");
    const tries: number[] = [];
    for (let i = 0; i <= limits.loginFailuresPerAccount; i++)
      tries.push(
        (
          await change(accessToken, {
            currentPassword: `Guess-Number-${i}!`,
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          })
        ).statusCode,
      );
    expect(tries).toEqual([...Array(limits.loginFailuresPerAccount).fill(422), 429]);
  });

  it("keeps the spec's payload for the forced change after signing in with an expired password", async () => {
    t.clock.advanceSeconds(limits.passwordMaxAgeDays * 86_400 + 60);
    const { accessToken } = await signIn(t, "margaret@clinic.test", NEW_PASSWORD);
    const forced = await change(accessToken, {
      password: "Lighthouse-Keeper-2027?",
      confirmPassword: "Lighthouse-Keeper-2027?",
    });
    expect(forced.statusCode).toBe(200);
    expect((await login(t, "margaret@clinic.test", "Lighthouse-Keeper-2027?")).statusCode).toBe(200);
  });
});
