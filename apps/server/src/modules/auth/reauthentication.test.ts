import { limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors, login } from "../../../test/factories.js";
import { uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";

const CHANGE = "/api/v2/auth/change-password";
const NEW_PASSWORD = "Harbour-Lights-2026!";

describe("changing the password from a signed-in session needs the current password", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const change = (token: string, payload: object) => t.request({ method: "POST", url: CHANGE, token, payload });

  /**
   * A staff member of the story's own (an address of its own domain), created now with the test
   * password, so that another story's password change, guesses or clock do not reach them.
   */
  const staffMember = async (name: string, role: "clinical_project_admin" | "clinician_team_member") => {
    const email = `${name}@${uniqueMailDomain()}`;
    await t.createStaff({ email, role });
    return email;
  };

  it("refuses a stolen token without the current password, or with a wrong one, on currentPassword", async () => {
    const margaret = await staffMember("margaret", "clinical_project_admin");
    const { accessToken } = await signIn(t, margaret);
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
    expect((await login(t, margaret, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(t, margaret, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it("changes the password with the right current password", async () => {
    const margaret = await staffMember("margaret", "clinical_project_admin");
    const { accessToken } = await signIn(t, margaret);
    const changed = await change(accessToken, {
      currentPassword: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: messages.passwordUpdated });
    expect((await login(t, margaret, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("counts wrong current passwords as failed sign-ins: a token cannot be used to guess the password", async () => {
    const owen = await staffMember("owen", "clinician_team_member");
    const { accessToken } = await signIn(t, owen);
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
    // Margaret set NEW_PASSWORD herself, and it has since grown older than the maximum age.
    const margaret = await staffMember("margaret", "clinical_project_admin");
    const session = await signIn(t, margaret);
    const set = await change(session.accessToken, {
      currentPassword: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(set.statusCode).toBe(200);
    t.clock.advanceSeconds(limits.passwordMaxAgeDays * 86_400 + 60);
    const { accessToken } = await signIn(t, margaret, NEW_PASSWORD);
    const forced = await change(accessToken, {
      password: "Lighthouse-Keeper-2027?",
      confirmPassword: "Lighthouse-Keeper-2027?",
    });
    expect(forced.statusCode).toBe(200);
    expect((await login(t, margaret, "Lighthouse-Keeper-2027?")).statusCode).toBe(200);
  });
});
