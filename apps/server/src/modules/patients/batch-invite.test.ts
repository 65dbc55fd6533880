import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  acceptInvite,
  addPatient,
  giveConsent,
  inviteLinks,
  newPatient,
  nhsNumber,
  userIdOf,
} from "../../../test/patients.js";
import { changePermissions, heartWithNurse, lakesideProgram, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

/**
 * Each story has a world of its own (beforeEach): Northbridge Heart N with its nurse Nia, who added
 * Alan, Grace and Ada; Ada has joined and consented (her invitation is used up). Lakeside N's
 * program is out of Nia's reach.
 */
describe("re-sending the invitation to several patients at once", () => {
  let t: TestApp;
  let n = 0;
  let nurse: { id: string; token: string };
  let heart: string;
  let lakeside: string;
  let ids: Record<string, string>;
  let emails: Record<string, string>;

  const batch = (token: string, projectId: string, userIds: string[]) =>
    t.request({ method: "POST", url: "/api/v1/users/batch/invite", token, payload: { projectId, userIds } });

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    n++;
    const domain = uniqueMailDomain();
    ({ heart, nurse } = await heartWithNurse(t, n));
    lakeside = await lakesideProgram(t, n);
    ids = {};
    emails = {};
    for (const [index, name] of ["alan", "grace", "ada"].entries()) {
      const email = `${name}@${domain}`;
      const patientId = nhsNumber(1000000 + n * 10 + index);
      const added = await addPatient(t, nurse.token, newPatient(heart, { firstName: name, email, patientId }));
      expect(added.statusCode).toBe(201);
      ids[name] = await userIdOf(t, email);
      emails[name] = email;
    }
    // Ada joins: her invitation is used up.
    expect((await giveConsent(t, await acceptInvite(t, emails.ada!), heart)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it("sends a fresh invitation to each invited patient, skips who has joined, and says how many", async () => {
    const response = await batch(nurse.token, heart, [ids.alan!, ids.grace!, ids.ada!]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: 2, skipped: 1 });
    expect(await inviteLinks(t, emails.alan!)).toHaveLength(2);
    expect(await inviteLinks(t, emails.grace!)).toHaveLength(2);
    expect(await inviteLinks(t, emails.ada!)).toHaveLength(1);
  });

  it("refuses without the invite permission, and a program out of reach is not found", async () => {
    expect((await batch(nurse.token, lakeside, [ids.alan!])).statusCode).toBe(404);
    await changePermissions(t, nurse.id, { revoke: ["invite_project_users"] });
    expect((await batch(nurse.token, heart, [ids.alan!])).statusCode).toBe(403);
    const anonymous = await t.request({
      method: "POST",
      url: "/api/v1/users/batch/invite",
      payload: { projectId: heart, userIds: [ids.alan] },
    });
    expect(anonymous.statusCode).toBe(401);
    // None of these sent anything: Alan has only his first invitation.
    expect(await inviteLinks(t, emails.alan!)).toHaveLength(1);
  });
});
