import {
  defaultPermissionsByRole,
  type Endpoint,
  isAdminType,
  permissionsInProgram,
  type Role,
  roles,
} from "@openpro/core";
import type { z } from "zod";
import { signAccessToken } from "../../src/platform/auth/jwt.js";
import type { RegisteredRoute } from "../../src/platform/http/route.js";
import { acceptInvite, addPatient, giveConsent, newPatient, userIdOf } from "../patients.js";
import { addToOrganisation, addToProgram, insertOrganisation, insertProgram } from "../teams.js";
import { signIn, type TestApp } from "../test-app.js";
import { pathParams, sampleValue, shapeOf } from "./endpoints.js";
import { serviceRules } from "./expectations.js";

/**
 * The authorisation matrix: for every registered route × every caller × every program context,
 * the class of answer the permission catalogue (core/access.ts) and the route's registration
 * (permission, account scope, auth) predict — then what the running app answers.
 */

/**
 * "teamRole": a program of a third organisation whose team gave every caller the role
 * TEAM_ROLE, whatever their account's role (security issue 29 §2: a program's role is the role in
 * that program).
 */
export type Context = "own" | "otherOrganisation" | "otherProgramPatient" | "teamRole";
/** The role the third organisation's program team gives every staff caller. */
export const TEAM_ROLE: Role = "life_sciences_team_member";
/** "pass": the auth layer let the call through (anything but 401/403, never a 5xx). */
export type Expected = "pass" | "public" | "401" | "403" | "404";

export interface Caller {
  name: string;
  kind: "staff" | "patient" | "anonymous" | "expired" | "refresh";
  token: string | null;
  permissions: readonly string[];
  reachesEverything: boolean;
}

export interface Fixtures {
  own: { organisationId: string; programId: string; patientId: string };
  other: { organisationId: string; programId: string; patientId: string };
  teamRole: { organisationId: string; programId: string; patientId: string };
  callers: Caller[];
}

/** A well-formed id that names nothing. */
export const NOWHERE = "00000000-0000-4000-8000-000000000000";

const decodePayload = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8")) as { sub: string; sid: string };

/**
 * Two organisations with a program each; every role of the catalogue a member of the first
 * organisation and its program; a patient signed in to the first program; a patient enrolled in the
 * second. Built once per file.
 */
export const buildFixtures = async (t: TestApp): Promise<Fixtures> => {
  const ownOrganisation = await insertOrganisation(t, "Matrix own organisation");
  const otherOrganisation = await insertOrganisation(t, "Matrix other organisation");
  const ownProgram = await insertProgram(t, { organisationId: ownOrganisation, name: "Matrix own program" });
  const otherProgram = await insertProgram(t, { organisationId: otherOrganisation, name: "Matrix other program" });
  // The other organisation's own nurse (not a caller): its program has someone to escalate to (ready, issue 30 §1).
  const otherNurse = await t.createStaff({ email: "other-nurse@matrix.test", role: "clinician_team_member" });
  await addToOrganisation(t, otherNurse, otherOrganisation, "clinician_team_member");
  const teamOrganisation = await insertOrganisation(t, "Matrix third organisation");
  const teamProgram = await insertProgram(t, { organisationId: teamOrganisation, name: "Matrix team-role program" });

  const callers: Caller[] = [];
  const sessions: Partial<Record<Role, { accessToken: string; refreshToken: string }>> = {};
  for (const role of roles) {
    const email = `${role.replaceAll("_", "-")}@matrix.test`;
    const id = await t.createStaff({ email, role });
    await addToOrganisation(t, id, ownOrganisation, role);
    await addToProgram(t, id, ownProgram, role);
    await addToProgram(t, id, teamProgram, TEAM_ROLE);
    const session = await signIn(t, email);
    sessions[role] = session;
    const permissions = defaultPermissionsByRole[role];
    callers.push({
      name: role,
      kind: "staff",
      token: session.accessToken,
      permissions,
      reachesEverything: isAdminType({ permissions }),
    });
  }

  const admin = sessions.superadmin!;
  const enrol = async (programId: string, email: string) => {
    const added = await addPatient(t, admin.accessToken, newPatient(programId, { email }));
    if (added.statusCode !== 201) throw new Error(`enrolment failed: ${added.statusCode} ${added.body}`);
    return userIdOf(t, email);
  };
  const ownPatient = await enrol(ownProgram, "own-patient@matrix.test");
  const patientToken = await acceptInvite(t, "own-patient@matrix.test");
  const consent = await giveConsent(t, patientToken, ownProgram);
  if (consent.statusCode !== 200) throw new Error(`consent failed: ${consent.statusCode} ${consent.body}`);
  // Verified by the care team: the enrolment is CONSENTED, so the patient's own routes answer.
  await t.request({
    method: "PATCH",
    url: `/api/v1/users/${ownPatient}/verify?projectId=${ownProgram}`,
    token: admin.accessToken,
    payload: { patientId: "943 476 5919" },
  });
  const otherPatient = await enrol(otherProgram, "other-patient@matrix.test");
  callers.push({ name: "patient", kind: "patient", token: patientToken, permissions: [], reachesEverything: false });

  // A real session's token, signed with the real key, whose lifetime ended an hour ago.
  const claims = decodePayload(admin.accessToken);
  const expired = await signAccessToken(
    t.ctx.settings.jwtSecret,
    { sub: claims.sub, sid: claims.sid, scope: "clinical" },
    new Date(t.clock.now().getTime() - 2 * 3600_000),
    3600,
  );
  callers.push(
    { name: "anonymous", kind: "anonymous", token: null, permissions: [], reachesEverything: false },
    { name: "expired token", kind: "expired", token: expired, permissions: [], reachesEverything: false },
    {
      name: "refresh token as access token",
      kind: "refresh",
      token: admin.refreshToken,
      permissions: [],
      reachesEverything: false,
    },
  );
  return {
    own: { organisationId: ownOrganisation, programId: ownProgram, patientId: ownPatient },
    other: { organisationId: otherOrganisation, programId: otherProgram, patientId: otherPatient },
    teamRole: { organisationId: teamOrganisation, programId: teamProgram, patientId: NOWHERE },
    callers,
  };
};

const hasField = (e: Endpoint, name: string) =>
  name in shapeOf(e.params) || name in shapeOf(e.query) || name in shapeOf(e.body);

/** The route acts inside one program (or one organisation) named by the request. */
export const hasProgramContext = (e: Endpoint) =>
  hasField(e, "projectId") || pathParams(e.path).includes("organisationId");
/** The route reaches one patient of that program (`userId` beside a program, not a staff member's id). */
export const hasPatientContext = (e: Endpoint) =>
  hasField(e, "projectId") && pathParams(e.path).includes("userId") && !e.path.includes("/staff/");

export const contextsOf = (e: Endpoint): Context[] => {
  if (e.auth === false || !hasProgramContext(e)) return ["own"];
  return hasPatientContext(e) ? ["own", "otherOrganisation", "otherProgramPatient"] : ["own", "otherOrganisation"];
};

/** Cheap valid values: the context's ids where the route names them, a sample the schema accepts elsewhere. */
export const buildRequest = (e: Endpoint, fixtures: Fixtures, context: Context, served: string = e.path) => {
  const place =
    context === "otherOrganisation" ? fixtures.other : context === "teamRole" ? fixtures.teamRole : fixtures.own;
  const patientId =
    context === "otherProgramPatient"
      ? fixtures.other.patientId
      : context === "teamRole"
        ? NOWHERE
        : e.method === "GET"
          ? fixtures.own.patientId
          : NOWHERE;
  const known = (name: string): string | undefined => {
    if (name === "projectId" || name === "programId") return place.programId;
    if (name === "organisationId") return place.organisationId;
    if (name === "userId" && hasPatientContext(e)) return patientId;
    if (name === "startDate") return "2026-01-01";
    if (name === "endDate") return "2026-01-31";
    return undefined;
  };
  const fill = (schema: z.ZodType | undefined, asString: boolean, includeOptional: boolean) => {
    const values: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(shapeOf(schema))) {
      const optional = field.safeParse(undefined).success;
      // Dates only where required: an optional endDate sent to PATCH a program would close it.
      const value = optional && name.endsWith("Date") ? undefined : known(name);
      if (value !== undefined) values[name] = value;
      else if (!includeOptional && optional) continue;
      else {
        const sample = sampleValue(field, asString);
        if (sample !== undefined) values[name] = sample;
      }
    }
    return values;
  };
  const params: Record<string, string> = {};
  const paramShape = shapeOf(e.params);
  for (const name of pathParams(e.path)) {
    const field = paramShape[name];
    params[name] = known(name) ?? (field ? (sampleValue(field, true) as string | undefined) : undefined) ?? NOWHERE;
  }
  const query = fill(e.query, true, false) as Record<string, string>;
  const body = e.body ? fill(e.body, false, false) : undefined;
  const valid =
    (!e.params || e.params.safeParse(params).success) &&
    (!e.query || e.query.safeParse(query).success) &&
    (!e.body || e.body.safeParse(body).success);
  const url = served.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name]!));
  const search = new URLSearchParams(query).toString();
  return { url: search ? `${url}?${search}` : url, body, valid };
};

/** What the catalogue predicts for one cell. */
export const expectedAnswer = (route: RegisteredRoute, caller: Caller, context: Context): Expected => {
  const { endpoint } = route;
  // A public route's own answers (a wrong password's 401) are its business: only never a 5xx.
  if (endpoint.auth === false) return "public";
  if (caller.kind === "anonymous" || caller.kind === "expired" || caller.kind === "refresh") return "401";
  const callerScope = caller.kind === "patient" ? "patient" : "clinical";
  if (endpoint.auth === true && route.scope !== "any" && route.scope !== callerScope) return "403";
  if (route.permission && !caller.permissions.includes(route.permission)) return "403";
  const rule = serviceRules[`${endpoint.method} ${route.url}`];
  if (rule && !rule.allows(caller)) return "403";
  if (context === "own") return "pass";
  if (context === "otherOrganisation") return caller.reachesEverything ? "pass" : "404";
  if (context === "teamRole") {
    // The permissions of the role the program's team gave, within the account's own.
    const inProgram = permissionsInProgram(
      { permissions: caller.permissions, role: caller.name },
      { programRole: TEAM_ROLE, organisationRole: null },
    );
    if (route.permission && !inProgram.includes(route.permission)) return "403";
    if (rule && !rule.allows({ ...caller, permissions: inProgram })) return "403";
    return "pass";
  }
  return "404";
};

/**
 * Does the answer fit the prediction? A refusal by scope is a 404; when our cheap request does not
 * pass the schema, validation answers first (422) and the cell proves the auth layer only.
 */
export const judge = (expected: Expected, status: number, valid: boolean): boolean => {
  if (status >= 500) return false;
  if (expected === "public") return true;
  if (expected === "pass") return status !== 401 && status !== 403;
  if (expected === "404") return status === 404 || (!valid && (status === 422 || status === 400));
  return String(status) === expected;
};

/** Routes that end what other cells stand on (the session, the program, the organisation, the consent): run last. */
export const runsLast = (e: Endpoint) =>
  (e.method === "DELETE" &&
    (e.path.endsWith("/projects/:projectId") || e.path.endsWith("/organisations/:organisationId"))) ||
  e.path.endsWith("/projects/:projectId/end") ||
  // The patient declining consent would close their own routes to the cells after it.
  e.path.endsWith("/consent-declined") ||
  e.path.endsWith("/auth/logout");
