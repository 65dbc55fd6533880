import { mergeStatusHistory, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
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
  let shared: TestApp;
  let n = 0;
  beforeAll(async () => {
    shared = await createTestApp();
  });
  afterAll(() => shared.close());

  /** Names as typed, in an order that is not the alphabetical one. */
  const people: [string, string][] = [
    ["zoe", "Adams"],
    ["Alan", "turing"],
    ["Ada", "Lovelace"],
    ["Grace", "Hopper"],
    ["Barbara", "Liskov"],
    ["adele", "Adams"],
  ];
  const names = (rows: Row[]) => rows.map((r) => `${r.firstName} ${r.lastName}`);

  /**
   * Each story's world (in `t`, the file's platform unless the story brings its own): Northbridge
   * Heart with its nurse Nia and six people she added, one a second apart, all e-mailed at one
   * domain of the story's own, identified by NHS numbers `serial(0..5)`; Ada and Grace consented
   * (awaiting verification), Ada then verified. Beside it Lakeside, out of Nia's reach, with its
   * nurse Lee and Lake Hopper at the same domain.
   */
  const heartWithSixPeople = async (t: TestApp = shared) => {
    n++;
    const domain = uniqueMailDomain("patients");
    const email = (firstName: string) => `${firstName.toLowerCase()}@${domain}`;
    const serial = (i: number) => nhsNumber(1000000 + n * 10 + i);
    const { organisationId: northbridge, heart, nurse } = await heartWithNurse(t, n);
    const lakeside = await lakesideProgram(t, n);
    const lakesideNurse = await programStaff(t, lakeside, {
      email: `lee@${uniqueMailDomain("lakeside")}`,
      role: "clinician_team_member",
    });
    for (const [i, [firstName, lastName]] of people.entries()) {
      const added = await addPatient(
        t,
        nurse.token,
        newPatient(heart, { firstName, lastName, email: email(firstName), patientId: serial(i) }),
      );
      expect(added.statusCode).toBe(201);
      t.clock.advanceSeconds(1);
    }
    expect(
      (
        await addPatient(
          t,
          lakesideNurse.token,
          newPatient(lakeside, { firstName: "Lake", lastName: "Hopper", email: email("lake") }),
        )
      ).statusCode,
    ).toBe(201);
    // Ada and Grace consent (awaiting verification); Ada is then verified.
    for (const firstName of ["Ada", "Grace"]) {
      const token = await acceptInvite(t, email(firstName));
      t.clock.advanceSeconds(1);
      expect((await giveConsent(t, token, heart)).statusCode).toBe(200);
    }
    t.clock.advanceSeconds(1);
    const verified = await t.request({
      method: "PATCH",
      url: `/api/v1/users/${await userIdOf(t, email("Ada"))}/verify?projectId=${heart}`,
      token: nurse.token,
      payload: { patientId: serial(2) },
    });
    expect(verified.statusCode).toBe(200);

    const list = async (query: Record<string, string> = {}, token = nurse.token) => {
      const response = await listPatients(t, token, heart, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { results: Row[]; totalCount: number };
    };
    const search = (token: string, term: string) =>
      t.request({ method: "GET", url: `/api/v1/pro-dashboard/patients?term=${encodeURIComponent(term)}`, token });
    return { t, domain, email, serial, northbridge, heart, nurse, lakesideNurse, list, search };
  };
  /** A superadmin of the platform, signed in: her token. */
  const superadmin = async (t: TestApp) =>
    (await staffSession(t, { email: `root@${uniqueMailDomain("openpro")}`, role: "superadmin" })).token;

  it("orders by last then first name, whatever the case", async () => {
    const { list } = await heartWithSixPeople();
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
    const { t, heart, nurse, list } = await heartWithSixPeople();
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
    const { t, heart, nurse, serial, list } = await heartWithSixPeople();
    expect(names((await list({ term: "ADAMS" })).results)).toEqual(["adele Adams", "zoe Adams"]);
    expect(names((await list({ term: "grace hop" })).results)).toEqual(["Grace Hopper"]);
    expect(names((await list({ term: "barbara@" })).results)).toEqual(["Barbara Liskov"]);
    expect(names((await list({ term: serial(1) })).results)).toEqual(["Alan turing"]);
    // LIKE wildcards are plain characters.
    expect(await list({ term: "%" })).toEqual({ results: [], totalCount: 0 });
    const tooLong = await listPatients(t, nurse.token, heart, { term: "x".repeat(257) });
    expect(tooLong.statusCode).toBe(422);
    expect(fieldErrors(tooLong)[0]!.message).toBe(messages.maxLength(256));
  });

  it("filters by status chips, and VERIFIED / AWAITING_VERIFICATION by verification", async () => {
    const { t, heart, nurse, list } = await heartWithSixPeople();
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
    const { list } = await heartWithSixPeople();
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
    const { t, northbridge, list } = await heartWithSixPeople();
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
    // The superadmin's count is the platform's: this story has a platform of its own.
    const own = await createTestApp();
    onTestFinished(() => own.close());
    const { t, domain, email, serial, heart, nurse, lakesideNurse, search } = await heartWithSixPeople(own);
    const admin = await superadmin(t);
    const nurseSees = await search(nurse.token, "hopper");
    expect(nurseSees.statusCode).toBe(200);
    expect(nurseSees.headers["x-total-count"]).toBe("1");
    expect(nurseSees.json()).toEqual({
      totalCount: 1,
      results: [
        {
          id: await userIdOf(t, email("Grace")),
          firstName: "Grace",
          lastName: "Hopper",
          dob: null,
          inviteEmail: email("Grace"),
          consentedEmail: email("Grace"),
          patientId: serial(3),
          patientIdType: "nhs_number",
          patientStatus: "CONSENTED",
          project: { projectId: heart, name: `Northbridge Heart ${n}` },
        },
      ],
    });
    const lakeSees = (await search(lakesideNurse.token, "hopper")).json();
    expect(lakeSees.results.map((r: { firstName: string }) => r.firstName)).toEqual(["Lake"]);
    const adminSees = (await search(admin, "hopper")).json();
    expect(adminSees.totalCount).toBe(2);
    expect((await search(nurse.token, `lake@${domain.split(".")[0]}`)).json()).toEqual({ results: [], totalCount: 0 });

    for (const term of ["", "a", " a "]) {
      const short = await search(nurse.token, term);
      expect(short.statusCode, term).toBe(422);
      expect(fieldErrors(short), term).toEqual([{ field: "term", message: messages.searchMinLength }]);
    }
    const noTerm = await t.request({ method: "GET", url: "/api/v1/pro-dashboard/patients", token: nurse.token });
    expect(noTerm.statusCode).toBe(422);
  });

  it("shows consented patients as completed once the program is ended", async () => {
    const { t, domain, heart, nurse, list, search } = await heartWithSixPeople();
    const admin = await superadmin(t);
    const ended = await t.request({ method: "POST", url: `/api/v1/admin/projects/${heart}/end`, token: admin });
    expect(ended.statusCode).toBe(200);
    const found = (await search(nurse.token, domain)).json() as {
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
