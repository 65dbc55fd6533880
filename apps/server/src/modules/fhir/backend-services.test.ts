import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { messages } from "@openpro/core";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertConsentedEnrolment } from "../../../test/enrolment-rows.js";
import { createPatient } from "../../../test/factories.js";
import { nhsNumber } from "../../../test/patients.js";
import {
  addToOrganisation,
  insertOrganisation,
  insertProgram,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { fhirSchemaProblems } from "./fhir-schema.js";

type Resource = Record<string, unknown> & { resourceType: string; id: string };
type Bundle = Resource & { entry?: { resource: Resource }[] };

/**
 * A hospital's nightly job reads a program without a person: an admin registers a SMART backend
 * client for the organisation with its public key and scopes; the job signs an assertion, gets a
 * token that lasts minutes, reads and exports the organisation's programs (no other), and every
 * use is audited under the client. A replayed assertion, a wrong algorithm, a scope it was not given
 * and a revoked client are refused.
 */
describe("SMART Backend Services: a token without a person", () => {
  let t: TestApp;
  let rsa: { privateKey: CryptoKey; jwk: JWK };
  let ec: { privateKey: CryptoKey; jwk: JWK };
  let jwksServer: Server;
  const tokenUrl = "http://openpro.test/fhir/R4/auth/token";

  const keyPair = async (alg: "RS384" | "ES384" | "RS256", kid: string) => {
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
    return { privateKey: privateKey as CryptoKey, jwk: { ...(await exportJWK(publicKey)), kid, alg } };
  };
  /** Registers a client for an organisation, as the admin whose token is given. */
  const register = (organisationId: string, token: string, body: Record<string, unknown>) =>
    t.request({
      method: "POST",
      url: `/api/v1/admin/organisations/${organisationId}/smart-clients`,
      token,
      payload: body,
    });
  /** A client's signed assertion, as SMART asks: iss = sub = client id, aud = the token URL, a fresh jti, exp in 5 minutes. */
  const assertion = (
    clientId: string,
    key: { privateKey: CryptoKey; jwk: JWK },
    overrides: { alg?: string; exp?: number; jti?: string; aud?: string } = {},
  ) => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    return new SignJWT({ jti: overrides.jti ?? randomUUID() })
      .setProtectedHeader({ alg: overrides.alg ?? String(key.jwk.alg), kid: String(key.jwk.kid), typ: "JWT" })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(overrides.aud ?? tokenUrl)
      .setExpirationTime(overrides.exp ?? now + 300)
      .sign(key.privateKey);
  };
  const requestToken = (clientAssertion: string, scope = "system/*.rs") =>
    t.request({
      method: "POST",
      url: "/fhir/R4/auth/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        grant_type: "client_credentials",
        scope,
        client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
        client_assertion: clientAssertion,
      }).toString(),
    });
  const fhirGet = async (url: string, token: string, headers: Record<string, string> = {}) => {
    const response = await t.request({ method: "GET", url, token, headers });
    if (String(response.headers["content-type"]).includes("fhir+json"))
      expect(fhirSchemaProblems(response.json() as Resource)).toEqual([]);
    return response;
  };

  /** A patient who joined a program with an NHS number and consented (written as enrolment leaves it). */
  const enrol = async (programId: string, email: string, lastName: string, serial: number) => {
    const userId = await createPatient(t, { email, password: "Harbour-Lights-2026!", firstName: "Pat" });
    return insertConsentedEnrolment(t, {
      programId,
      userId,
      firstName: "Pat",
      lastName,
      inviteEmail: email,
      consentedEmail: email,
      patientIdType: "nhs_number",
      patientId: nhsNumber(serial),
      consentGiven: true,
    });
  };

  let worlds = 0;
  /**
   * A story's own world: Northbridge Health (numbered) running Northbridge Heart with Grace consented,
   * its organisation admin Cleo, a platform admin Ada signed in now, and Lakeside, another organisation
   * whose program has Lena. `register` registers a client for Northbridge as Ada (or as another admin).
   */
  const northbridgeWorld = async () => {
    const n = ++worlds;
    const domain = uniqueMailDomain();
    const northbridge = await insertOrganisation(t, `Northbridge Health ${n}`);
    const heart = await insertProgram(t, { organisationId: northbridge, name: `Northbridge Heart ${n}` });
    const lakeOrg = await insertOrganisation(t, `Lakeside ${n}`);
    const lakeside = await insertProgram(t, { organisationId: lakeOrg, name: `Lakeside ${n}` });
    const admin = await staffSession(t, { email: `ada@${domain}`, role: "superadmin" });
    const orgAdmin = await staffSession(t, { email: `cleo@${domain}`, role: "clinical_project_admin" });
    await addToOrganisation(t, orgAdmin.id, northbridge, "clinical_project_admin");
    const grace = await enrol(heart, `grace@${domain}`, "Hopper", 20 * n + 1);
    const lena = await enrol(lakeside, `lena@${domain}`, "Lake", 20 * n + 11);
    return {
      northbridge,
      heart,
      lakeside,
      admin,
      orgAdmin,
      enrolment: { grace, lena },
      register: (body: Record<string, unknown>, token = admin.token) => register(northbridge, token, body),
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-07T02:00:00Z");
    rsa = await keyPair("RS384", "nightly-rsa");
    ec = await keyPair("ES384", "nightly-ec");
    // A JWKS served on this machine only: the URL form of a client's keys.
    jwksServer = createServer((_request, response) => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ keys: [ec.jwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    if (jwksServer) await new Promise((resolve) => jwksServer.close(resolve));
    await t.close();
  });

  it("announces its token endpoint without a token", async () => {
    const response = await t.request({ method: "GET", url: "/fhir/R4/.well-known/smart-configuration" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.json()).toMatchObject({
      token_endpoint: tokenUrl,
      grant_types_supported: ["client_credentials"],
      token_endpoint_auth_methods_supported: ["private_key_jwt"],
      token_endpoint_auth_signing_alg_values_supported: ["RS384", "ES384"],
      scopes_supported: expect.arrayContaining(["system/*.rs", "system/Patient.rs", "system/Observation.rs"]),
    });
  });

  it("lets only admins register a client, with public keys and known scopes", async () => {
    const { northbridge, orgAdmin, register } = await northbridgeWorld();
    expect(
      (await register({ name: "Nightly", jwks: { keys: [rsa.jwk] }, scopes: ["system/*.rs"] }, orgAdmin.token))
        .statusCode,
    ).toBe(403);
    const privateKey = await exportJWK(rsa.privateKey);
    const withPrivate = await register({
      name: "Nightly",
      jwks: { keys: [{ ...privateKey, kid: "x", alg: "RS384" }] },
      scopes: ["system/*.rs"],
    });
    expect(withPrivate.statusCode).toBe(422);
    expect(withPrivate.json().errors).toEqual([{ field: "jwks", message: messages.smartClientKeysInvalid }]);
    const both = await register({
      name: "Nightly",
      jwks: { keys: [rsa.jwk] },
      jwksUrl: "https://keys.example/jwks.json",
      scopes: ["system/*.rs"],
    });
    expect(both.json().errors).toEqual([{ field: "jwks", message: messages.smartClientKeysRequired }]);
    const unknownScope = await register({ name: "Nightly", jwks: { keys: [rsa.jwk] }, scopes: ["user/*.rs"] });
    expect(unknownScope.statusCode).toBe(422);
    expect(
      await t.ctx.db.selectFrom("smartClients").select("id").where("organisationId", "=", northbridge).execute(),
    ).toEqual([]);
  });

  it("issues a five-minute token that reads the organisation's programs only, each use audited, and refuses a replay", async () => {
    const { enrolment, register } = await northbridgeWorld();
    const registered = await register({
      name: "Nightly export",
      jwks: { keys: [rsa.jwk, ec.jwk] },
      scopes: ["system/*.rs"],
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const client = registered.json() as { clientId: string; tokenUrl: string; keyIds: string[] };
    expect(client).toMatchObject({ tokenUrl, keyIds: ["nightly-rsa", "nightly-ec"] });

    const signed = await assertion(client.clientId, rsa);
    const issued = await requestToken(signed);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.headers["cache-control"]).toBe("no-store");
    const { access_token: token, expires_in, token_type } = issued.json();
    expect({ expires_in, token_type }).toEqual({ expires_in: 300, token_type: "bearer" });

    const patients = (await fhirGet("/fhir/R4/Patient", token)).json() as Bundle;
    expect(patients.entry!.map((e) => e.resource.id)).toEqual([enrolment.grace]);
    expect((await fhirGet(`/fhir/R4/Patient/${enrolment.lena}`, token)).statusCode).toBe(404);
    const clientUser = (
      await t.ctx.db
        .selectFrom("smartClients")
        .select("userId")
        .where("id", "=", client.clientId)
        .executeTakeFirstOrThrow()
    ).userId;
    const uses = await t.ctx.db
      .selectFrom("auditLog")
      .select(["action", "outcome"])
      .where("actorUserId", "=", clientUser)
      .orderBy("at")
      .execute();
    expect(uses.map((u) => u.action)).toEqual(
      // Its token, its search, and its try at another organisation's patient (404, audited as refused).
      expect.arrayContaining(["smart.token.issue", "fhir.search", "access.refused"]),
    );

    // The same assertion again: refused, and so is an assertion signed with an algorithm SMART does not allow.
    const replay = await requestToken(signed);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      error: "invalid_client",
      error_description: messages.smartAssertionReplayed,
    });
    const rs256 = await keyPair("RS256", "nightly-rsa");
    expect((await requestToken(await assertion(client.clientId, rs256))).statusCode).toBe(401);
    expect(
      (await requestToken(await assertion(client.clientId, rsa, { aud: "https://elsewhere.example/token" })))
        .statusCode,
    ).toBe(401);
    const tooLong = await assertion(client.clientId, rsa, { exp: Math.floor(t.clock.now().getTime() / 1000) + 3600 });
    expect((await requestToken(tooLong)).statusCode).toBe(401);

    // ES384 works too; five minutes later the token no longer does.
    expect((await requestToken(await assertion(client.clientId, ec))).statusCode).toBe(200);
    t.clock.set(new Date(t.clock.now().getTime() + 301_000).toISOString());
    expect((await t.request({ method: "GET", url: "/fhir/R4/Patient", token })).statusCode).toBe(401);
  });

  it("runs a program's bulk export with no person, and not another organisation's", async () => {
    const { heart, lakeside, register } = await northbridgeWorld();
    const client = (
      await register({ name: "Bulk", jwks: { keys: [rsa.jwk] }, scopes: ["system/Patient.rs", "system/Group.rs"] })
    ).json() as { clientId: string };
    const token = (
      await requestToken(await assertion(client.clientId, rsa), "system/Patient.read system/Group.rs")
    ).json().access_token as string;
    const kickOff = await fhirGet(`/fhir/R4/Group/${heart}/$export?_type=Patient`, token, { prefer: "respond-async" });
    expect(kickOff.statusCode, kickOff.body).toBe(202);
    await t.runJobs();
    const status = await t.request({
      method: "GET",
      url: new URL(String(kickOff.headers["content-location"])).pathname,
      token,
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().output).toEqual([expect.objectContaining({ type: "Patient", count: 1 })]);
    expect((await fhirGet(`/fhir/R4/Group/${lakeside}/$export`, token, { prefer: "respond-async" })).statusCode).toBe(
      404,
    );
    // Observations were not among its scopes: not asked for, not readable.
    expect((await requestToken(await assertion(client.clientId, rsa), "system/Observation.rs")).json().error).toBe(
      "invalid_scope",
    );
    expect((await fhirGet("/fhir/R4/Observation", token)).statusCode).toBe(403);
  });

  it("takes a client's keys from a JWKS URL, and a revoked client's tokens stop at once", async () => {
    const { northbridge, admin, register } = await northbridgeWorld();
    const { port } = jwksServer.address() as AddressInfo;
    const registered = await register({
      name: "Keys by URL",
      jwksUrl: `http://127.0.0.1:${port}/jwks.json`,
      scopes: ["system/Patient.rs"],
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { clientId } = registered.json() as { clientId: string };
    const issued = await requestToken(await assertion(clientId, ec), "system/Patient.rs");
    expect(issued.statusCode, issued.body).toBe(200);
    const token = issued.json().access_token as string;
    expect((await fhirGet("/fhir/R4/Patient", token)).statusCode).toBe(200);

    const listed = await t.request({
      method: "GET",
      url: `/api/v1/admin/organisations/${northbridge}/smart-clients`,
      token: admin.token,
    });
    expect(listed.json().results.map((c: { name: string }) => c.name)).toContain("Keys by URL");
    const revoked = await t.request({
      method: "DELETE",
      url: `/api/v1/admin/organisations/${northbridge}/smart-clients/${clientId}`,
      token: admin.token,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await t.request({ method: "GET", url: "/fhir/R4/Patient", token })).statusCode).toBe(401);
    expect((await requestToken(await assertion(clientId, ec), "system/Patient.rs")).statusCode).toBe(401);
  });
});
