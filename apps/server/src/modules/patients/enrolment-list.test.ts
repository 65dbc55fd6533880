import { mergeStatusHistory, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import {
  acceptInvite,
  addPatient,
  giveConsent,
  listPatients,
  newPatient,
  nhsNumber,
  userIdOf,
} from "../../../test/patients.js";
import {
  changePermissions,
  heartWithNurse,
  lakesideProgram,
  organisationStaff,
  programStaff,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

interface Row {
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  verificationStatus: string;
  statusHistory: { status: string; date: string }[];
  verificationStatusHistory: { verificationStatus: string; dateUpdated: string }[];
}

describe("the enrolment list of a program and the global patient search", () => {
  let t: TestApp;
  let admin: string;
  let northbridge: string;
  let nurse: { id: string; token: string };
  let lakesideNurse: { id: string; token: string };
  let heart: string;
  let lakeside: string;

  /** Names as typed, in an order that is not the alphabetical one. */
  const people: [string, string, string][] = [
    ["zoe", "Adams", "zoe@patients.test"],
    ["Alan", "turing", "alan@patients.test"],
    ["Ada", "Lovelace", "ada@patients.test"],
    ["Grace", "Hopper", "grace@patients.test"],
    ["Barbara", "Liskov", "barbara@patients.test"],
    ["adele", "Adams", "adele@patients.test"],
  ];
  const names = (rows: Row[]) => rows.map((r) => `${r.firstName} ${r.lastName}`);
  const list = async (query: Record<string, string> = {}, token = nurse.token) => {
    const response = await listPatients(t, token, heart, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { results: Row[]; totalCount: number };
  };
  const search = (token: string, term: string) =>
    t.request({ method: "GET", url: `/api/v1/pro-dashboard/patients?term=${encodeURIComponent(term)}`, token });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await staffSession(t, { email: "root@openpro.test", role: "superadmin" })).token;
    ({ organisationId: northbridge, heart, nurse } = await heartWithNurse(t));
    lakeside = await lakesideProgram(t);
    lakesideNurse = await programStaff(t, lakeside, { email: "lee@lakeside.test", role: "clinician_team_member" });
    for (const [i, [firstName, lastName, email]] of people.entries()) {
      const added = await addPatient(
        t,
        nurse.token,
        newPatient(heart, { firstName, lastName, email, patientId: nhsNumber(1000000 + i) }),
      );
      expect(added.statusCode).toBe(201);
      t.clock.advanceSeconds(1);
    }
    expect(
      (
        await addPatient(
          t,
          lakesideNurse.token,
          newPatient(lakeside, { firstName: "Lake", lastName: "Hopper", email: "lake@patients.test" }),
        )
      ).statusCode,
    ).toBe(201);
    // Ada and Grace consent (awaiting verification); Ada is then verified.
    for (const email of ["ada@patients.test", "grace@patients.test"]) {
      const token = await acceptInvite(t, email);
      t.clock.advanceSeconds(1);
      expect((await giveConsent(t, token, heart)).statusCode).toBe(200);
    }
    t.clock.advanceSeconds(1);
    const verified = await t.request({
      method: "PATCH",
      url: `/api/v1/users/${await userIdOf(t, "ada@patients.test")}/verify?projectId=${heart}`,
      token: nurse.token,
      payload: { patientId: nhsNumber(1000002) },
    });
    expect(verified.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it("orders by last then first name, whatever the case", async () => {
    const all = await list();
    expect(all.totalCount).toBe(6);
    expect(names(all.results)).toEqual([
      "adele Adams",
      "zoe Adams",
      "Grace Hopper",
      "Barbara Liskov",
      "Ada Lovelace",
      "Alan turing",
    ]);
  });

  it("pages with the total count", async () => {
    const first = await list({ _page: "1", _perPage: "4" });
    const second = await list({ _page: "2", _perPage: "4" });
    expect(first.totalCount).toBe(6);
    expect(second.totalCount).toBe(6);
    expect(names(first.results)).toEqual(["adele Adams", "zoe Adams", "Grace Hopper", "Barbara Liskov"]);
    expect(names(second.results)).toEqual(["Ada Lovelace", "Alan turing"]);
    const response = await listPatients(t, nurse.token, heart, { _page: "2", _perPage: "4" });
    expect(response.headers["x-total-count"]).toBe("6");
  });

  it("searches names, e-mails and identifiers", async () => {
    expect(names((await list({ term: "ADAMS" })).results)).toEqual(["adele Adams", "zoe Adams"]);
    expect(names((await list({ term: "grace hop" })).results)).toEqual(["Grace Hopper"]);
    expect(names((await list({ term: "barbara@" })).results)).toEqual(["Barbara Liskov"]);
    expect(names((await list({ term: nhsNumber(1000001) })).results)).toEqual(["Alan turing"]);
    // LIKE wildcards are plain characters.
    expect(await list({ term: "%" })).toEqual({ results: [], totalCount: 0 });
    const tooLong = await listPatients(t, nurse.token, heart, { term: "x".repeat(257) });
    expect(tooLong.statusCode).toBe(422);
    expect(fieldErrors(tooLong)[0]!.message).toBe(messages.maxLength(256));
  });

  it("filters by status chips, and VERIFIED / AWAITING_VERIFICATION by verification", async () => {
    const consentedOrInvited = await list({ statuses: "CONSENTED,INVITE_SENT" });
    expect(consentedOrInvited.totalCount).toBe(6);
    const consented = await list({ statuses: "CONSENTED" });
    expect(names(consented.results)).toEqual(["Grace Hopper", "Ada Lovelace"]);
    expect(names((await list({ statuses: "INVITE_SENT" })).results)).toEqual([
      "adele Adams",
      "zoe Adams",
      "Barbara Liskov",
      "Alan turing",
    ]);
    expect(names((await list({ statuses: "VERIFIED" })).results)).toEqual(["Ada Lovelace"]);
    expect(names((await list({ statuses: "AWAITING_VERIFICATION" })).results)).toEqual(["Grace Hopper"]);
    expect(names((await list({ verification_status: "VERIFIED" })).results)).toEqual(["Ada Lovelace"]);
    expect((await list({ statuses: "ALL" })).totalCount).toBe(6);
    expect((await list({ statuses: "CONSENT_WITHDRAWN" })).totalCount).toBe(0);
    expect(names((await list({ statuses: "INVITE_SENT", term: "adams" })).results)).toEqual([
      "adele Adams",
      "zoe Adams",
    ]);
    const unknown = await listPatients(t, nurse.token, heart, { statuses: "SLEEPING" });
    expect(unknown.statusCode).toBe(422);
  });

  it("returns histories that merge as the core rule says", async () => {
    const ada = (await list({ term: "ada@" })).results[0]!;
    expect(ada.statusHistory.map((s) => s.status)).toEqual(["INVITE_SENT", "STATUS_UNCONFIRMED", "CONSENTED"]);
    expect(ada.verificationStatusHistory.map((v) => v.verificationStatus)).toEqual([
      "AWAITING_VERIFICATION",
      "VERIFIED",
    ]);
    const merged = mergeStatusHistory(ada.statusHistory as never, ada.verificationStatusHistory as never, false);
    expect(merged.map((m) => m.value)).toEqual([
      "VERIFIED",
      "AWAITING_VERIFICATION",
      "CONSENTED",
      "STATUS_UNCONFIRMED",
      "INVITE_SENT",
    ]);
    // The awaiting entry was recorded with the consent and sorts just after it (one second later).
    const consented = ada.statusHistory.find((s) => s.status === "CONSENTED")!;
    expect(merged[1]!.date).toBe(new Date(new Date(consented.date).getTime() + 1000).toISOString());
  });

  it("keeps the status history for those who may withdraw consent; others see the current status", async () => {
    // A nurse of Northbridge of her own, who may not withdraw consent.
    const clerk = await organisationStaff(t, northbridge, {
      email: `carl@${uniqueMailDomain()}`,
      role: "clinician_team_member",
    });
    await changePermissions(t, clerk.id, { revoke: ["withdraw_consent_project_users"] });
    const ada = (await list({ term: "ada@" }, clerk.token)).results[0]!;
    expect(ada.statusHistory).toEqual([]);
    expect(ada).toMatchObject({ status: "CONSENTED", verificationStatus: "VERIFIED" });
    expect((await list({ term: "ada@" })).results[0]!.statusHistory).toHaveLength(3);
  });

  it("finds patients across the programs in reach only", async () => {
    const nurseSees = await search(nurse.token, "hopper");
    expect(nurseSees.statusCode).toBe(200);
    expect(nurseSees.headers["x-total-count"]).toBe("1");
    expect(nurseSees.json()).toEqual({
      totalCount: 1,
      results: [
        {
          id: await userIdOf(t, "grace@patients.test"),
          firstName: "Grace",
          lastName: "Hopper",
          dob: null,
          inviteEmail: "grace@patients.test",
          consentedEmail: "grace@patients.test",
          patientId: nhsNumber(1000003),
          patientIdType: "nhs_number",
          patientStatus: "CONSENTED",
          project: { projectId: heart, name: "Northbridge Heart" },
        },
      ],
    });
    const lakeSees = (await search(lakesideNurse.token, "hopper")).json();
    expect(lakeSees.results.map((r: { firstName: string }) => r.firstName)).toEqual(["Lake"]);
    const adminSees = (await search(admin, "hopper")).json();
    expect(adminSees.totalCount).toBe(2);
    expect((await search(nurse.token, "lake@patients")).json()).toEqual({ results: [], totalCount: 0 });

    for (const term of ["", "a", " a "]) {
      const short = await search(nurse.token, term);
      expect(short.statusCode, term).toBe(422);
      expect(fieldErrors(short), term).toEqual([{ field: "term", message: messages.searchMinLength }]);
    }
    const noTerm = await t.request({ method: "GET", url: "/api/v1/pro-dashboard/patients", token: nurse.token });
    expect(noTerm.statusCode).toBe(422);
  });

  it("shows consented patients as completed once the program is ended", async () => {
    const ended = await t.request({ method: "POST", url: `/api/v1/admin/projects/${heart}/end`, token: admin });
    expect(ended.statusCode).toBe(200);
    const found = (await search(nurse.token, "patients.test")).json() as {
      results: { firstName: string; patientStatus: string }[];
    };
    expect(found.results.map((r) => [r.firstName, r.patientStatus])).toEqual([
      ["adele", "INVITE_SENT"],
      ["zoe", "INVITE_SENT"],
      ["Grace", "PROJECT_COMPLETED"],
      ["Barbara", "INVITE_SENT"],
      ["Ada", "PROJECT_COMPLETED"],
      ["Alan", "INVITE_SENT"],
    ]);
    expect(names((await list({ statuses: "PROJECT_COMPLETED" })).results)).toEqual(["Grace Hopper", "Ada Lovelace"]);
  });
});
