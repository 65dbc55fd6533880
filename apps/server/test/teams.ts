import { defaultPermissionsByRole, limits, messages, type Role, territoryAlertDefaults } from "@openpro/core";
import { expect } from "vitest";
import { fieldErrors } from "./factories.js";
import { addPatient, giveConsent, newPatient, registerPatient, signUpForm } from "./patients.js";
import { signIn, type TestApp } from "./test-app.js";

/**
 * Test set-up of organisations, programs and their teams, written straight to the database so
 * a test can arrange who belongs where before it exercises the API.
 */

export const insertOrganisation = async (t: TestApp, name: string): Promise<string> =>
  (
    await t.ctx.db
      .insertInto("organisations")
      .values({ name, description: null, createdAt: t.clock.now() })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

export const insertProgram = async (
  t: TestApp,
  program: {
    organisationId: string;
    name: string;
    territory?: "UK_IRE" | "US" | "CH";
    startDate?: string;
    endDate?: string | null;
    /**
     * Ready for patients (issue 30 §1: invitations wait for it): thresholds, messages and a
     * care-team phone, as a program created through the API starts. false: nothing set, as
     * programs made before readiness existed (the Lung program of issue 30).
     */
    ready?: boolean;
  },
): Promise<string> => {
  const id = (
    await t.ctx.db
      .insertInto("programs")
      .values({
        organisationId: program.organisationId,
        name: program.name,
        patientProgramName: null,
        description: null,
        territory: program.territory ?? "UK_IRE",
        startDate: program.startDate ?? "2026-01-01",
        endDate: program.endDate ?? null,
        endedAt: null,
        inviteMode: "individual",
        participationWeeks: null,
        adverseEventReportingMessage: null,
        imageUrl: null,
        thumbnailUrl: null,
        defaultPatientIdType: null,
        customPatientIdName: null,
        createdAt: t.clock.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  if (program.ready !== false) await makeProgramReady(t, id);
  return id;
};

/** A care-team phone and the alert settings of a new program (territory defaults). */
export const makeProgramReady = async (t: TestApp, programId: string) => {
  const program = await t.ctx.db
    .selectFrom("programs")
    .select("territory")
    .where("id", "=", programId)
    .executeTakeFirstOrThrow();
  const defaults = territoryAlertDefaults(program.territory);
  await t.ctx.db
    .updateTable("programs")
    .set({
      temperatureMin: defaults.temperatureMin,
      temperatureMax: defaults.temperatureMax,
      temperatureMessage: defaults.temperatureMessage,
      defaultAlertMessage: defaults.defaultAlertMessage,
    })
    .where("id", "=", programId)
    .execute();
  await t.ctx.db
    .insertInto("careTeamContacts")
    .values({
      programId,
      careTeamName: "Ward 7 nurses",
      generalGuidance: "",
      hoursOfOperation: "",
      contactPhones: ["+442079460000"],
      contactEmails: [],
      position: 1,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    })
    .execute();
};

/** Turns the program's nurse-visit appointments on (or, with `false`, off): whether it records them. */
export const setNurseVisitAppointments = async (t: TestApp, programId: string, on = true) => {
  await t.ctx.db.updateTable("programs").set({ populateNvAppointments: on }).where("id", "=", programId).execute();
};

export const addToOrganisation = async (
  t: TestApp,
  userId: string,
  organisationId: string,
  role: Role,
  inviteAccepted = true,
) => {
  await t.ctx.db
    .insertInto("organisationStaff")
    .values({ organisationId, userId, role, inviteAccepted, createdAt: t.clock.now() })
    .execute();
};

export const addToProgram = async (
  t: TestApp,
  userId: string,
  programId: string,
  role: Role,
  inviteAccepted = true,
) => {
  await t.ctx.db
    .insertInto("programStaff")
    .values({ programId, userId, role, inviteAccepted, createdAt: t.clock.now() })
    .execute();
};

/** Changes a user's granted flags in place (as an admin would through the user admin). */
export const changePermissions = async (
  t: TestApp,
  userId: string,
  change: { grant?: readonly string[]; revoke?: readonly string[] },
) => {
  const row = await t.ctx.db
    .selectFrom("users")
    .select("permissions")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const next = new Set(row.permissions);
  for (const p of change.grant ?? []) next.add(p);
  for (const p of change.revoke ?? []) next.delete(p);
  await t.ctx.db
    .updateTable("users")
    .set({ permissions: [...next].sort() })
    .where("id", "=", userId)
    .execute();
};

/** A staff account with the role's default grants, signed in: its id and access token. */
export const staffSession = async (
  t: TestApp,
  user: { email: string; role: Role; firstName?: string; lastName?: string },
): Promise<{ id: string; token: string }> => {
  const id = await t.createStaff(user);
  const { accessToken } = await signIn(t, user.email);
  return { id, token: accessToken };
};

/** A staff member of an organisation with the role's default grants, signed in: its id and access token. */
export const organisationStaff = async (
  t: TestApp,
  organisationId: string,
  user: { email: string; role: Role; firstName?: string; lastName?: string },
): Promise<{ id: string; token: string }> => {
  const session = await staffSession(t, user);
  await addToOrganisation(t, session.id, organisationId, user.role);
  return session;
};

/**
 * A staff member of one program only (not of its organisation), signed in, with the role's
 * default grants and those in `grant` beside: its id and access token.
 */
export const programStaff = async (
  t: TestApp,
  programId: string,
  user: { email: string; role: Role; firstName?: string; lastName?: string },
  grant: readonly string[] = [],
): Promise<{ id: string; token: string }> => {
  const session = await staffSession(t, user);
  await addToProgram(t, session.id, programId, user.role);
  if (grant.length > 0) await changePermissions(t, session.id, { grant });
  return session;
};

/** A member of an organisation's or a program's team, as the team endpoints answer. */
export interface TeamMember {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  email: string;
  role: string;
  inviteAccepted: boolean;
}

/**
 * Rosa, a clinician team member, as the add-member form may send her (one form for organisation and
 * program teams, core's createTeamMemberBody): spaces around her first name and address, the address
 * in capitals, a display name. `answered` is how the team's add endpoint then answers her: trimmed,
 * the address in lower case, her invitation not yet accepted.
 */
export const rosaTypedLoosely = (domain: string) => ({
  sent: {
    firstName: " Rosa ",
    lastName: "Diaz",
    email: ` Rosa@${domain.toUpperCase()} `,
    role: "clinician_team_member",
    displayName: "Dr Rosa",
  },
  answered: {
    id: expect.any(String),
    firstName: "Rosa",
    lastName: "Diaz",
    displayName: "Dr Rosa",
    email: `rosa@${domain}`,
    role: "clinician_team_member",
    inviteAccepted: false,
  },
});

/**
 * The account a team's add endpoint made for a new clinician team member: the role's default grants,
 * clinical scope, and no password yet (it is set through the e-mailed link).
 */
export const expectNewClinicianAccount = async (t: TestApp, userId: string) => {
  const account = await t.ctx.db
    .selectFrom("users")
    .select(["role", "permissions", "passwordHash", "scope"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  expect(account).toMatchObject({ role: "clinician_team_member", passwordHash: null, scope: "clinical" });
  expect([...account.permissions].sort()).toEqual([...defaultPermissionsByRole.clinician_team_member].sort());
};

/**
 * The add-member form refuses each of these (one form for organisation and program teams, core's
 * createTeamMemberBody) with 422 and exactly the fields and messages named. `add` sends a payload to
 * the team's add endpoint; `member` is a member it would accept. Nothing is added, nothing e-mailed.
 */
export const expectTeamMemberFormRefusals = async (
  add: (payload: object) => Promise<{ statusCode: number; json(): unknown }>,
  member: { firstName: string; lastName: string; email: string; role: string },
) => {
  const required = [
    { field: "firstName", message: messages.teamMemberFirstNameRequired },
    { field: "lastName", message: messages.teamMemberLastNameRequired },
    { field: "email", message: messages.teamMemberEmailRequired },
  ];
  const cases: [object, { field: string; message: string }[]][] = [
    [{ role: "clinician_team_member" }, required],
    [{ ...member, firstName: "  ", lastName: " ", email: "   " }, required],
    [{ ...member, firstName: "  ", lastName: "", email: " " }, required],
    [{ ...member, email: "rosa@clinic" }, [{ field: "email", message: messages.invalidEmail }]],
    [{ ...member, email: "not an email" }, [{ field: "email", message: messages.invalidEmail }]],
    [{ ...member, email: "no e-mail here" }, [{ field: "email", message: messages.invalidEmail }]],
    [
      { ...member, firstName: "f".repeat(101), lastName: "l".repeat(101) },
      [
        { field: "firstName", message: messages.maxLength(limits.text.teamName) },
        { field: "lastName", message: messages.maxLength(limits.text.teamName) },
      ],
    ],
    [
      { ...member, firstName: "f".repeat(101), lastName: "l".repeat(101), displayName: "d".repeat(501) },
      [
        { field: "firstName", message: messages.maxLength(limits.text.teamName) },
        { field: "lastName", message: messages.maxLength(limits.text.teamName) },
        { field: "displayName", message: messages.maxLength(limits.text.displayName) },
      ],
    ],
    [
      { ...member, email: `${"e".repeat(250)}@x.test` },
      [{ field: "email", message: messages.maxLength(limits.text.email) }],
    ],
    [{ ...member, role: "chief" }, [{ field: "role", message: expect.any(String) }]],
    [{ ...member, role: undefined }, [{ field: "role", message: messages.required }]],
    [{ ...member, team: "extra" }, [{ field: "team", message: messages.unknownField("team") }]],
  ];
  for (const [payload, errors] of cases) {
    const response = await add(payload);
    const label = JSON.stringify(payload).slice(0, 80);
    expect(response.statusCode, label).toBe(422);
    expect(fieldErrors(response), label).toEqual(expect.arrayContaining(errors));
    expect(fieldErrors(response), label).toHaveLength(errors.length);
  }
};

export type StaffMember = { email: string; role: Role; firstName?: string; lastName?: string };

/**
 * An organisation of its own running one program, and its staff, each a member of the organisation
 * with the role's default grants, signed in by key: `programWithStaff(t, { organisation:
 * "Northbridge Health", program: "Northbridge Heart", staff: { nurse: { email, role } } })`.
 */
export const programWithStaff = async <K extends string>(
  t: TestApp,
  world: {
    organisation: string;
    program: string;
    territory?: "UK_IRE" | "US" | "CH";
    /** false: the program is not ready for patients (no care-team phone, no alert settings). */
    ready?: boolean;
    staff: Record<K, StaffMember>;
  },
): Promise<{ organisationId: string; programId: string; staff: Record<K, { id: string; token: string }> }> => {
  const organisationId = await insertOrganisation(t, world.organisation);
  const programId = await insertProgram(t, {
    organisationId,
    name: world.program,
    ...(world.territory ? { territory: world.territory } : {}),
    ...(world.ready === false ? { ready: false } : {}),
  });
  const staff = {} as Record<K, { id: string; token: string }>;
  for (const [key, member] of Object.entries(world.staff) as [K, StaffMember][])
    staff[key] = await organisationStaff(t, organisationId, member);
  return { organisationId, programId, staff };
};

/**
 * Northbridge Health running Northbridge Heart, with its nurse Nia (a clinician team member of the
 * organisation) signed in: the reports' and the patient lists' usual world. With `n`, both names
 * carry the number, for a file that builds one per story (program names are unique).
 */
export const heartWithNurse = async (t: TestApp, n?: number | string) => {
  const suffix = n === undefined ? "" : ` ${n}`;
  const email = `nia@${uniqueMailDomain()}`;
  const world = await programWithStaff(t, {
    organisation: `Northbridge Health${suffix}`,
    program: `Northbridge Heart${suffix}`,
    staff: { nurse: { email, role: "clinician_team_member" } },
  });
  return { organisationId: world.organisationId, heart: world.programId, nurse: { ...world.staff.nurse, email } };
};

/**
 * Lakeside, another organisation running one program out of reach of the story's staff (its
 * organisation and its program both "Lakeside", numbered with `n`): its program id.
 */
export const lakesideProgram = async (t: TestApp, n?: number, options: { ready?: boolean } = {}) => {
  const name = n === undefined ? "Lakeside" : `Lakeside ${n}`;
  return insertProgram(t, {
    organisationId: await insertOrganisation(t, name),
    name,
    ...(options.ready === false ? { ready: false } : {}),
  });
};

/** A multipart/form-data body with one file field, built by hand as a browser would send it. */
export const multipartFile = (file: { field?: string; fileName: string; contentType: string; data: Buffer }) => {
  const boundary = `----openpro-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.fileName}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file.data, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
};

/** A multipart body with only a text field (a form submitted without choosing a file). */
export const multipartWithoutFile = () => {
  const boundary = `----openpro-test-${Math.random().toString(16).slice(2)}`;
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    ),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
};

let domains = 0;
/**
 * A mail domain no other story of the file uses ("clinic-3.test"): the stories of a file share one
 * database (its set-up is the slow part), and e-mail addresses are unique across it, so each
 * story's people are `name@<its own domain>`.
 */
export const uniqueMailDomain = (label = "clinic") => `${label}-${++domains}.test`;

/**
 * A hospital of its own ("Alpine Health N") with one program ("Oncology N") in `territory`, its admin Callum and
 * nurse Nia, and a patient who was added, joined through the e-mailed invitation, consented and chose `language`
 * in the app's language switch (remembered on the account): the world of the patient-language stories.
 */
export const programWithPatientInLanguage = async (
  t: TestApp,
  { n, territory, language }: { n: number; territory: "CH" | "US" | "UK_IRE"; language: string },
) => {
  const domain = uniqueMailDomain();
  const organisation = await insertOrganisation(t, `Alpine Health ${n}`);
  const programId = await insertProgram(t, { organisationId: organisation, name: `Oncology ${n}`, territory });
  const admin = await staffSession(t, { email: `callum@${domain}`, role: "clinical_project_admin" });
  await addToOrganisation(t, admin.id, organisation, "clinical_project_admin");
  const nurse = await staffSession(t, { email: `nia@${domain}`, role: "clinician_team_member" });
  await addToOrganisation(t, nurse.id, organisation, "clinician_team_member");
  const email = `patient@${domain}`;
  const added = await addPatient(
    t,
    admin.token,
    newPatient(programId, { email, patientIdType: "hospital_id", patientId: `H-${n}` }),
  );
  if (added.statusCode !== 201) throw new Error(`adding the patient answered ${added.statusCode}`);
  // The invitation is in the program's language: its link read by its address.
  const code = (await t.mailsTo(email)).at(-1)?.textBody.match(/\/invite\/([\w-]+)/)?.[1] ?? "";
  const registered = await registerPatient(t, signUpForm(code, email));
  if (registered.statusCode !== 201) throw new Error(`signing up answered ${registered.statusCode}`);
  const patientToken = registered.json().accessToken as string;
  const consented = await giveConsent(t, patientToken, programId);
  if (consented.statusCode !== 200) throw new Error(`consenting answered ${consented.statusCode}`);
  /** The patient's choice in the app's language switch, remembered on the account. */
  const chooseLanguage = async (chosen: string) => {
    const saved = await t.request({
      method: "PATCH",
      url: "/api/v1/current",
      token: patientToken,
      payload: { language: chosen },
    });
    if (saved.statusCode !== 200) throw new Error(`choosing ${chosen} answered ${saved.statusCode}`);
  };
  await chooseLanguage(language);
  const patientId = (
    await t.ctx.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()
  ).id;
  return { organisation, programId, admin, nurse, patientId, patientToken, chooseLanguage };
};
