import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptInvite,
  addPatient,
  giveConsent,
  inviteLinks,
  newPatient,
  nhsNumber,
  userIdOf,
} from "../../../test/patients.js";
import {
  addToOrganisation,
  changePermissions,
  insertOrganisation,
  insertProgram,
  staffSession,
} from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

describe("re-sending the invitation to several patients at once", () => {
  let t: TestApp;
  let nurse: { id: string; token: string };
  let heart: string;
  let lakeside: string;
  const ids: Record<string, string> = {};

  const batch = (token: string, projectId: string, userIds: string[]) =>
    t.request({ method: "POST", url: "/api/v1/users/batch/invite", token, payload: { projectId, userIds } });

  beforeAll(async () => {
    t = await createTestApp();
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    lakeside = await insertProgram(t, { organisationId: await insertOrganisation(t, "Lakeside"), name: "Lakeside" });
    nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToOrganisation(t, nurse.id, northbridge, "clinician_team_member");
    for (const [name, email, patientId] of [
      ["alan", "alan@patients.test", nhsNumber(1000001)],
      ["grace", "grace@patients.test", nhsNumber(1000002)],
      ["ada", "ada@patients.test", nhsNumber(1000003)],
    ] as const) {
      const added = await addPatient(t, nurse.token, newPatient(heart, { firstName: name, email, patientId }));
      expect(added.statusCode).toBe(201);
      ids[name] = await userIdOf(t, email);
    }
    // Ada joins: her invitation is used up.
    expect((await giveConsent(t, await acceptInvite(t, "ada@patients.test"), heart)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it("sends a fresh invitation to each invited patient, skips who has joined, and says how many", async () => {
    const response = await batch(nurse.token, heart, [ids.alan!, ids.grace!, ids.ada!]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: 2, skipped: 1 });
    expect(await inviteLinks(t, "alan@patients.test")).toHaveLength(2);
    expect(await inviteLinks(t, "grace@patients.test")).toHaveLength(2);
    expect(await inviteLinks(t, "ada@patients.test")).toHaveLength(1);
  });

  it("refuses without the invite permission, and a program out of reach is not found", async () => {
    expect((await batch(nurse.token, lakeside, [ids.alan!])).statusCode).toBe(404);
    await changePermissions(t, nurse.id, { revoke: ["invite_project_users"] });
    expect((await batch(nurse.token, heart, [ids.alan!])).statusCode).toBe(403);
    await changePermissions(t, nurse.id, { grant: ["invite_project_users"] });
    const anonymous = await t.request({
      method: "POST",
      url: "/api/v1/users/batch/invite",
      payload: { projectId: heart, userIds: [ids.alan] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await inviteLinks(t, "alan@patients.test")).toHaveLength(2);
  });
});
