import {
  fhirResourceTypes,
  messages,
  type Permission,
  reportSectionPermissions,
  SMART_TOKEN_SECONDS,
  type SmartClient,
  smartAssertionAlgorithms,
  smartScopes,
} from "@openpro/core";
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
  jwtVerify,
} from "jose";
import type { Db } from "../../db/kysely.js";
import { writeAudit } from "../../platform/audit/audit.js";
import { signAccessToken } from "../../platform/auth/jwt.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import * as q from "./queries.js";
import { fhirBase } from "./service.js";

/**
 * SMART Backend Services (client_credentials with a private_key_jwt assertion): an admin registers
 * a client for one organisation with its public keys and the system scopes it may hold; the client
 * signs an assertion (RS384 or ES384) and gets an access token for SMART_TOKEN_SECONDS. A client is
 * an account without a password, a member of its organisation's team only, whose permissions are
 * its scopes': a token is one of its sessions, so the FHIR API's own guard, reach (that
 * organisation's programs) and audit (every read, under the client's account) apply unchanged.
 * An assertion's jti is remembered until it expires: a replay is refused.
 */

/** The account's role: its permissions are the scopes' (below), never the role's defaults. */
const CLIENT_ROLE = "clinical_project_admin";

const typePermissions: Record<(typeof fhirResourceTypes)[number], Permission[]> = {
  Patient: ["view_project_users"],
  Observation: [
    reportSectionPermissions.symptoms,
    reportSectionPermissions.temperature,
    reportSectionPermissions.weight,
    reportSectionPermissions.activities,
    reportSectionPermissions.calendar,
  ],
  MedicationStatement: [reportSectionPermissions.medications],
  MedicationAdministration: [reportSectionPermissions.medications],
  Questionnaire: ["view_user_questionnaire_event_results"],
  QuestionnaireResponse: ["view_user_questionnaire_event_results"],
  Appointment: [reportSectionPermissions.appointments],
};

/** The permissions a client's scopes give its account. */
export const permissionsOfScopes = (scopes: readonly string[]): Permission[] => {
  const all = scopes.includes("system/*.rs");
  const permissions = new Set<Permission>();
  for (const type of fhirResourceTypes)
    if (all || scopes.includes(`system/${type}.rs`)) for (const p of typePermissions[type]) permissions.add(p);
  if (all || scopes.includes("system/Group.rs")) permissions.add("export_project_data_identifiable");
  return [...permissions];
};

export const tokenUrl = (ctx: AppContext) => `${fhirBase(ctx)}/auth/token`;

const clientOf = (ctx: AppContext, row: q.SmartClientRow): SmartClient => {
  const jwks = row.jwks as JSONWebKeySet | null;
  return {
    clientId: row.id,
    name: row.name,
    scopes: row.scopes,
    keyIds: jwks ? jwks.keys.map((k) => String(k.kid ?? "")) : null,
    jwksUrl: row.jwksUrl,
    tokenUrl: tokenUrl(ctx),
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
};

const organisationExists = async (scope: RequestScope, organisationId: string) => {
  if (!(await q.findOrganisationFhirSettings(scope.ctx.db, organisationId))) throw notFound();
};

/** Public keys only, of the two algorithms, each with a kid: checked by importing them. */
const checkKeys = async (keys: Record<string, unknown>[]) => {
  const invalid = new AppError(422, messages.smartClientKeysInvalid, undefined, [
    { field: "jwks", message: messages.smartClientKeysInvalid },
  ]);
  for (const key of keys) {
    const alg = String(key.alg ?? (key.kty === "EC" ? "ES384" : "RS384"));
    if (!smartAssertionAlgorithms.includes(alg as never) || typeof key.kid !== "string" || !key.kid) throw invalid;
    if ("d" in key || "p" in key || "q" in key) throw invalid;
    try {
      await importJWK(key as JWK, alg);
    } catch {
      throw invalid;
    }
  }
};

export const listSmartClients = async (scope: RequestScope, organisationId: string) => {
  await organisationExists(scope, organisationId);
  const rows = await q.findSmartClientsOf(scope.ctx.db, organisationId);
  return { results: rows.map((r) => clientOf(scope.ctx, r)) };
};

export const registerSmartClient = async (
  scope: RequestScope,
  organisationId: string,
  body: { name: string; jwks?: { keys: Record<string, unknown>[] }; jwksUrl?: string; scopes: string[] },
) => {
  await organisationExists(scope, organisationId);
  if (body.jwks) await checkKeys(body.jwks.keys);
  const scopes = [...new Set(body.scopes)];
  return scope.ctx.db.transaction().execute(async (trx) => {
    const id = await q.insertSmartClient(trx, {
      organisationId,
      name: body.name,
      jwks: body.jwks ?? null,
      jwksUrl: body.jwksUrl ?? null,
      scopes,
      permissions: permissionsOfScopes(scopes),
      role: CLIENT_ROLE,
      createdBy: scope.actor.userId,
      now: scope.ctx.clock.now(),
    });
    await scope.audit(
      {
        action: "smart.client.register",
        entityType: "smart_client",
        entityId: id,
        details: { organisationId, name: body.name, scopes, jwksUrl: body.jwksUrl ?? null },
      },
      trx,
    );
    return clientOf(scope.ctx, (await q.findSmartClient(trx, id))!);
  });
};

export const revokeSmartClient = async (scope: RequestScope, organisationId: string, clientId: string) => {
  const row = await q.findSmartClient(scope.ctx.db, clientId);
  if (!row || row.organisationId !== organisationId) throw notFound();
  return scope.ctx.db.transaction().execute(async (trx) => {
    if (!row.revokedAt) await q.revokeSmartClient(trx, row.id, row.userId, scope.ctx.clock.now());
    await scope.audit({ action: "smart.client.revoke", entityType: "smart_client", entityId: row.id }, trx);
    return clientOf(scope.ctx, (await q.findSmartClient(trx, row.id))!);
  });
};

/** /.well-known/smart-configuration: what a backend client needs to get a token. */
export const smartConfiguration = (ctx: AppContext) => ({
  issuer: fhirBase(ctx),
  token_endpoint: tokenUrl(ctx),
  grant_types_supported: ["client_credentials"],
  token_endpoint_auth_methods_supported: ["private_key_jwt"],
  token_endpoint_auth_signing_alg_values_supported: [...smartAssertionAlgorithms],
  scopes_supported: [...smartScopes],
  capabilities: ["client-confidential-asymmetric"],
});

/** An OAuth error answer (RFC 6749 §5.2), not a FHIR one. */
export class OAuthError extends Error {
  constructor(
    readonly error: "invalid_request" | "invalid_client" | "invalid_scope" | "unsupported_grant_type",
    readonly description: string,
  ) {
    super(description);
  }
}

const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
/** SMART: an assertion's exp is at most five minutes ahead. */
const MAX_ASSERTION_SECONDS = 300;

/** v1's system/X.read is v2's system/X.rs. */
const normaliseScope = (s: string) => s.replace(/\.read$/, ".rs");

const keySet = (row: q.SmartClientRow): JWTVerifyGetKey =>
  row.jwks ? createLocalJWKSet(row.jwks as JSONWebKeySet) : createRemoteJWKSet(new URL(row.jwksUrl!));

/** The token endpoint: checks the client's signed assertion and issues a short-lived access token. */
export const issueToken = async (ctx: AppContext, body: Record<string, unknown>) => {
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === "string") form[key] = value;
  if (form.grant_type !== "client_credentials") throw new OAuthError("unsupported_grant_type", messages.smartGrantType);
  if (form.client_assertion_type !== ASSERTION_TYPE || !form.client_assertion)
    throw new OAuthError("invalid_request", messages.smartAssertionMissing(ASSERTION_TYPE));
  const refused = (why: string) => new OAuthError("invalid_client", why);
  let clientId: string;
  try {
    clientId = String(decodeJwt(form.client_assertion).iss ?? "");
  } catch {
    throw refused(messages.smartAssertionNotJwt);
  }
  const row = /^[0-9a-f-]{36}$/i.test(clientId) ? await q.findSmartClient(ctx.db, clientId) : undefined;
  if (!row || row.revokedAt) throw refused(messages.smartClientUnknown);
  const now = ctx.clock.now();
  let payload: { jti?: string; exp?: number };
  try {
    ({ payload } = await jwtVerify(form.client_assertion, keySet(row), {
      algorithms: [...smartAssertionAlgorithms],
      issuer: row.id,
      subject: row.id,
      audience: tokenUrl(ctx),
      currentDate: now,
      requiredClaims: ["exp", "jti"],
    }));
  } catch {
    await audit(ctx, row, "refused", { reason: "assertion" });
    throw refused(messages.smartAssertionInvalid);
  }
  if (payload.exp! * 1000 - now.getTime() > MAX_ASSERTION_SECONDS * 1000) throw refused(messages.smartAssertionTooLong);
  if (!(await q.recordAssertion(ctx.db, row.id, String(payload.jti), new Date(payload.exp! * 1000), now))) {
    await audit(ctx, row, "refused", { reason: "replay", jti: payload.jti });
    throw refused(messages.smartAssertionReplayed);
  }
  const requested = (form.scope ?? "").split(/\s+/).filter(Boolean).map(normaliseScope);
  const granted = row.scopes;
  const within = (s: string) => granted.includes(s) || (granted.includes("system/*.rs") && s.startsWith("system/"));
  if (!requested.length || !requested.every((s) => (smartScopes as readonly string[]).includes(s) && within(s)))
    throw new OAuthError("invalid_scope", messages.smartScopeNotHeld(granted));
  const expiresAt = new Date(now.getTime() + SMART_TOKEN_SECONDS * 1000);
  // The token's session is kept only with its audit entry.
  const sessionId = await ctx.db.transaction().execute(async (trx) => {
    const opened = await q.insertTokenSession(trx, row.userId, now, expiresAt);
    await audit(ctx, row, "success", { scope: granted.join(" "), sessionId: opened }, trx);
    return opened;
  });
  const accessToken = await signAccessToken(
    ctx.settings.jwtSecret,
    { sub: row.userId, sid: sessionId, scope: "clinical" },
    now,
    SMART_TOKEN_SECONDS,
  );
  // The token may do what the client was registered for: that is the scope granted (RFC 6749 §3.3).
  return {
    access_token: accessToken,
    token_type: "bearer" as const,
    expires_in: SMART_TOKEN_SECONDS,
    scope: granted.join(" "),
  };
};

const audit = (
  ctx: AppContext,
  row: q.SmartClientRow,
  outcome: "success" | "refused",
  details: Record<string, unknown>,
  db: Db = ctx.db,
) =>
  writeAudit(
    db,
    ctx.clock,
    {},
    {
      action: "smart.token.issue",
      outcome,
      actorUserId: row.userId,
      entityType: "smart_client",
      entityId: row.id,
      details,
    },
  );
