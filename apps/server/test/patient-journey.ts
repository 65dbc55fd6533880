import {
  addPatient,
  giveConsent,
  lastInviteCode,
  newPatient,
  patientLogin,
  registerPatient,
  signUpForm,
  userIdOf,
} from "./patients.js";
import {
  heartWithNurse,
  insertProgram,
  lakesideProgram,
  organisationStaff,
  staffSession,
  uniqueMailDomain,
} from "./teams.js";
import { signIn, type TestApp } from "./test-app.js";

/**
 * The patient journey's staged worlds (issue 34 §6): a fresh patient brought to each point of the
 * journey (invited, signed up, consented, verified, withdrawn, joined to a second program), each
 * stage built on the one before, so that a story starts from its own point and passes alone.
 * Every world starts at 09:00 on 2 March 2026, the day of the journey, and moves the clock only on.
 */

export const JOURNEY_DAY = "2026-03-02T09:00:00Z";

/** A signed-in person of the story: the token is renewed when they sign in again. */
export type Session = { id: string; email: string; token: string };
/** A patient with an account: her id and her patient session. */
export type Patient = Session;

/** The care team verifies (with the identifier) or declines the patient `userId` in `programId`. */
export const verifyPatient = (t: TestApp, token: string, userId: string, patientId: string, programId: string) =>
  t.request({
    method: "PATCH",
    url: `/api/v1/users/${userId}/verify?projectId=${programId}`,
    token,
    payload: { patientId },
  });
export const declineVerification = (t: TestApp, token: string, userId: string, programId: string) =>
  t.request({ method: "PATCH", url: `/api/v1/users/${userId}/decline?projectId=${programId}`, token });
/** The care team retracts the consent of the patient `userId` in `programId`. */
export const retractConsent = (t: TestApp, token: string, userId: string, programId: string) =>
  t.request({
    method: "PATCH",
    url: `/api/v1/admin/projects/${programId}/users/${userId}/consent`,
    token,
    payload: { consentGiven: false },
  });

const must = (what: string, response: { statusCode: number; body: string }, status: number) => {
  if (response.statusCode !== status) throw new Error(`${what} answered ${response.statusCode} ${response.body}`);
};

let journeys = 0;

/**
 * The start of the journey, at 09:00 on 2 March 2026: a superadmin Ada; Northbridge Health (numbered)
 * running Northbridge Heart and Northbridge Lung, with its nurse Nia and its life-sciences analyst
 * Lena; Lakeside, a program out of their reach; and Grace and Alan (Hopper), whom Nia added to Heart
 * and whose invitations were e-mailed. Everyone has an address of the story's own; `auditRows`
 * reads the audit log's rows of an action written since this world began, oldest first.
 */
export const invitedPatients = async (t: TestApp) => {
  const n = ++journeys;
  t.clock.set(JOURNEY_DAY);
  const auditFrom =
    (
      await t.ctx.db
        .selectFrom("auditLog")
        .select((eb) => eb.fn.max("id").as("last"))
        .executeTakeFirst()
    )?.last ?? "0";
  const adminEmail = `ada@${uniqueMailDomain("openpro")}`;
  const admin: Session = { email: adminEmail, ...(await staffSession(t, { email: adminEmail, role: "superadmin" })) };
  const northbridge = await heartWithNurse(t, n);
  const lungName = `Northbridge Lung ${n}`;
  const lung = await insertProgram(t, { organisationId: northbridge.organisationId, name: lungName });
  const lakeside = await lakesideProgram(t, n);
  const analystEmail = `lena@${uniqueMailDomain("pharma")}`;
  const analyst: Session = {
    email: analystEmail,
    ...(await organisationStaff(t, northbridge.organisationId, {
      email: analystEmail,
      role: "life_sciences_team_member",
    })),
  };
  const patients = uniqueMailDomain("patients");
  const grace = { email: `grace@${patients}` };
  const alan = { email: `alan@${patients}` };
  for (const [firstName, email] of [
    ["Grace", grace.email],
    ["Alan", alan.email],
  ] as const) {
    must(
      `adding ${email}`,
      await addPatient(t, northbridge.nurse.token, newPatient(northbridge.heart, { firstName, email })),
      201,
    );
  }
  return {
    admin,
    nurse: northbridge.nurse as Session,
    analyst,
    heart: northbridge.heart,
    heartName: `Northbridge Heart ${n}`,
    lung,
    lungName,
    lakeside,
    grace,
    alan,
    auditRows: (action: string) =>
      t.ctx.db
        .selectFrom("auditLog")
        .select(["action", "programId", "patientId", "actorUserId", "outcome"])
        .where("action", "=", action)
        .where("id", ">", auditFrom)
        .orderBy("id")
        .execute(),
  };
};
export type InvitedPatients = Awaited<ReturnType<typeof invitedPatients>>;

/** The invited `email` follows her e-mailed link and signs up (as `firstName` Hopper): her account and session. */
const signsUp = async (t: TestApp, email: string, firstName: string): Promise<Patient> => {
  const code = await lastInviteCode(t, email);
  const registered = await registerPatient(t, signUpForm(code, email, { firstName, lastName: "Hopper" }));
  must(`${email} signing up`, registered, 201);
  return { id: await userIdOf(t, email), email, token: registered.json().accessToken as string };
};

/** The journey so far, and Grace signed up through her link (not yet consented): her account and session. */
export const signedUpGrace = async (t: TestApp) => {
  const world = await invitedPatients(t);
  return { ...world, grace: await signsUp(t, world.grace.email, "Grace") };
};

/** The journey so far, and Grace consented to Heart at 09:00 (awaiting the care team's verification). */
export const consentedGrace = async (t: TestApp) => {
  const world = await signedUpGrace(t);
  must("Grace consenting", await giveConsent(t, world.grace.token, world.heart), 200);
  return world;
};

/** The journey so far, and a minute later (09:01) Nia verified Grace with her NHS number. */
export const verifiedGrace = async (t: TestApp) => {
  const world = await consentedGrace(t);
  t.clock.advanceSeconds(60);
  must("verifying Grace", await verifyPatient(t, world.nurse.token, world.grace.id, "943 476 5919", world.heart), 200);
  return world;
};

/** Alan, invited in `world`, signs up through his link and consents to Heart: his account and session. */
export const alanTakesPart = async <W extends InvitedPatients>(t: TestApp, world: W) => {
  const alan = await signsUp(t, world.alan.email, "Alan");
  must("Alan consenting", await giveConsent(t, alan.token, world.heart), 200);
  return { ...world, alan };
};

/** An hour later everyone signs in again: the staff with their password and code, Grace with hers. */
export const anHourLater = async (t: TestApp, world: InvitedPatients & { grace: Patient }) => {
  t.clock.advanceSeconds(3600);
  for (const staff of [world.nurse, world.analyst, world.admin])
    staff.token = (await signIn(t, staff.email)).accessToken;
  const login = await patientLogin(t, world.grace.email);
  must("Grace signing in", login, 200);
  world.grace.token = login.json().accessToken as string;
};

/**
 * The journey so far with Alan taking part too, and an hour later (10:01) Nia retracted Grace's
 * consent to Heart.
 */
export const withdrawnGrace = async (t: TestApp) => {
  const world = await alanTakesPart(t, await verifiedGrace(t));
  await anHourLater(t, world);
  must("retracting Grace's consent", await retractConsent(t, world.nurse.token, world.grace.id, world.heart), 200);
  return world;
};

/**
 * The journey so far, and Grace joined Northbridge Lung too: Nia added her (another NHS number) and
 * she signed in from its e-mailed link.
 */
export const graceInSecondProgram = async (t: TestApp) => {
  const world = await withdrawnGrace(t);
  must(
    "adding Grace to Lung",
    await addPatient(
      t,
      world.nurse.token,
      newPatient(world.lung, { email: world.grace.email, patientId: "401 023 2137" }),
    ),
    201,
  );
  must("Grace joining Lung", await patientLogin(t, world.grace.email, await lastInviteCode(t, world.grace.email)), 200);
  return world;
};
