import { createHmac, generateKeyPairSync, type KeyObject } from "node:crypto";
import { limits, messages } from "@openpro/core";
import { decodeJwt, SignJWT } from "jose";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { openDatabase } from "../../src/db/kysely.js";
import { unsubscribeToken } from "../../src/modules/patients/invites.js";
import { signAccessToken } from "../../src/platform/auth/jwt.js";
import { purposeKey } from "../../src/platform/auth/secrets.js";
import { createPatient, login } from "../factories.js";
import { giveConsent, lastInviteCode, newPatient, registerPatient, signUpForm, userIdOf } from "../patients.js";
import { uploadImage } from "../program-images.js";
import {
  addToOrganisation,
  addToProgram,
  insertOrganisation,
  insertProgram,
  multipartFile,
  programWithStaff,
  staffSession,
  uniqueMailDomain,
} from "../teams.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../test-app.js";

/**
 * ASVS V3/V4 checks over the HTTP API (issue 12 §5): forged and misused tokens, refresh replay,
 * one-time codes bound to their account, rate limits that hold across two app instances on one
 * database, uploads checked by content, security headers and no cookies.
 */

const NURSE = "nurse@clinic.test";
const PATIENT = "pat@patients.test";
const PATIENT_PASSWORD = "Harbour-Lights-2026!";

const b64 = (value: object | string) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

describe("tokens: only our own staff access token opens a staff endpoint", () => {
  let t: TestApp;
  let secret: string;
  let staff: { accessToken: string; refreshToken: string };
  let claims: { sub: string; sid: string };
  const current = (token: string) => t.request({ method: "GET", url: "/api/v1/current", token });
  const staffOnly = (token: string) => t.request({ method: "GET", url: "/api/v1/admin/permissions", token });
  /** A token made exactly as the server makes one, with one field changed (or the algorithm and its key). */
  const forge = (
    change: { alg?: string; aud?: string; iss?: string; typ?: string; kid?: string; key?: Uint8Array | KeyObject } = {},
  ) => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sid, scope: "clinical", typ: "access" })
      .setProtectedHeader({
        alg: change.alg ?? "HS256",
        typ: change.typ ?? "at+jwt",
        kid: change.kid ?? "openpro/access-token/v1",
      })
      .setSubject(claims.sub)
      .setAudience(change.aud ?? "openpro-api")
      .setIssuer(change.iss ?? "openpro")
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(change.key ?? purposeKey(secret, "access-token"));
  };

  beforeAll(async () => {
    t = await createTestApp();
    secret = t.ctx.settings.jwtSecret;
    await t.createStaff({ email: NURSE, role: "clinician_team_member" });
    await createPatient(t, { email: PATIENT, password: PATIENT_PASSWORD });
    staff = await signIn(t, NURSE);
    const decoded = decodeJwt(staff.accessToken);
    claims = { sub: String(decoded.sub), sid: String(decoded.sid) };
  });
  afterAll(() => t.close());

  it("accepts the real token, and a token forged with the server's own recipe (so the refusals below are meaningful)", async () => {
    expect((await current(staff.accessToken)).statusCode).toBe(200);
    expect((await current(await forge())).statusCode).toBe(200);
  });

  it("refuses alg: none, with and without a signature part", async () => {
    const [, body] = staff.accessToken.split(".");
    for (const header of [
      { alg: "none", typ: "at+jwt", kid: "openpro/access-token/v1" },
      { alg: "None", typ: "at+jwt", kid: "openpro/access-token/v1" },
    ]) {
      for (const token of [`${b64(header)}.${body}.`, `${b64(header)}.${body}`, `${b64(header)}.${body}.AAAA`]) {
        const answer = await current(token);
        expect(answer.statusCode, token).toBe(401);
        expect(answer.json().message).toBe(messages.unauthenticated);
      }
    }
  });

  it("refuses HS/RS confusion: an RS256 token, an RS256 header over an HMAC signature, HS512, the raw secret", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const rs256 = await forge({ alg: "RS256", key: privateKey });
    expect((await current(rs256)).statusCode).toBe(401);

    // The classic confusion: "RS256" in the header, signed with HMAC over the key the server holds.
    const [, body] = (await forge()).split(".");
    const input = `${b64({ alg: "RS256", typ: "at+jwt", kid: "openpro/access-token/v1" })}.${body}`;
    const hmac = createHmac("sha256", purposeKey(secret, "access-token")).update(input).digest("base64url");
    expect((await current(`${input}.${hmac}`)).statusCode).toBe(401);

    const hs512 = await forge({
      alg: "HS512",
      key: new Uint8Array(Buffer.concat([purposeKey(secret, "access-token"), purposeKey(secret, "access-token")])),
    });
    expect((await current(hs512)).statusCode).toBe(401);

    // Signed with JWT_SECRET itself rather than the access-token key derived from it.
    expect((await current(await forge({ key: new TextEncoder().encode(secret) }))).statusCode).toBe(401);
  });

  it("refuses another audience, issuer, header type or key id", async () => {
    for (const change of [{ aud: "openpro-web" }, { iss: "someone-else" }, { typ: "JWT" }, { kid: "other/v1" }]) {
      expect((await current(await forge(change))).statusCode, JSON.stringify(change)).toBe(401);
    }
  });

  it("refuses an expired token of a live session", async () => {
    const past = new Date(t.clock.now().getTime() - (limits.accessTokenTtlSeconds + 5) * 1000);
    const expired = await signAccessToken(secret, { ...claims, scope: "clinical" }, past, limits.accessTokenTtlSeconds);
    expect((await current(expired)).statusCode).toBe(401);
    expect((await current(staff.accessToken)).statusCode).toBe(200);
  });

  it("refuses a refresh token, an unsubscribe token and a patient token where a staff access token is required", async () => {
    expect((await current(staff.refreshToken)).statusCode).toBe(401);
    expect((await staffOnly(staff.refreshToken)).statusCode).toBe(401);
    const patientId = await userIdOf(t, PATIENT);
    expect((await staffOnly(unsubscribeToken(secret, patientId, PATIENT))).statusCode).toBe(401);

    const patientLogin = await login(t, PATIENT, PATIENT_PASSWORD, "patient");
    expect(patientLogin.statusCode).toBe(200);
    const patientToken = patientLogin.json().accessToken as string;
    expect((await current(patientToken)).statusCode).toBe(200);
    const refused = await staffOnly(patientToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.forbidden);
    // A patient token does not become a staff one by claiming the clinical scope: the session decides.
    const patientClaims = decodeJwt(patientToken);
    const promoted = await signAccessToken(
      secret,
      { sub: String(patientClaims.sub), sid: String(patientClaims.sid), scope: "clinical" },
      t.clock.now(),
      600,
    );
    expect([401, 403]).toContain((await staffOnly(promoted)).statusCode);
  });

  it("uses no cookie: sign-in, code, refresh and logout set none, and a token in a cookie opens nothing", async () => {
    const first = await login(t, NURSE, TEST_PASSWORD);
    expect(first.headers["set-cookie"]).toBeUndefined();
    const tokens = await signIn(t, NURSE);
    const refreshed = await t.request({
      method: "POST",
      url: "/api/v1/auth/refresh",
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers["set-cookie"]).toBeUndefined();
    const access = refreshed.json().accessToken as string;
    const viaCookie = await t.request({
      method: "GET",
      url: "/api/v1/current",
      headers: { cookie: `accessToken=${access}; token=${access}; authorization=Bearer%20${access}` },
    });
    expect(viaCookie.statusCode).toBe(401);
    const out = await t.request({ method: "POST", url: "/api/v1/auth/logout", token: access });
    expect(out.headers["set-cookie"]).toBeUndefined();
  });
});

describe("one-time codes and refresh tokens: single use, bound to their account, across two app instances", () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>["app"];
  let closeB: () => Promise<void>;
  let heartNumber = 0;

  /** Two nurses of a story's own, the second the one whose e-mail a code or a guess is tried with. */
  const twoNurses = async () => {
    const domain = uniqueMailDomain();
    const nurse = `nurse@${domain}`;
    const other = `other@${domain}`;
    await a.createStaff({ email: nurse, role: "clinician_team_member" });
    await a.createStaff({ email: other, role: "clinician_team_member" });
    return { nurse, other };
  };
  /**
   * Northbridge Heart (numbered: program names are unique), ready for patients with a ward nurse to
   * escalate alerts to (issue 30 §1), and a superadmin signed in now (a token of the story's own clock).
   */
  const heartWithAdmin = async () => {
    const domain = uniqueMailDomain();
    const n = ++heartNumber;
    const { programId } = await programWithStaff(a, {
      organisation: `Northbridge Health ${n}`,
      program: `Northbridge Heart ${n}`,
      territory: "UK_IRE",
      staff: { ward: { email: `ward@${domain}`, role: "clinician_team_member" } },
    });
    const admin = await staffSession(a, { email: `admin@${domain}`, role: "superadmin" });
    return { domain, programId, adminToken: admin.token };
  };

  const inject = (
    app: "a" | "b",
    options: { method: "GET" | "POST"; url: string; payload?: object; ip?: string; token?: string },
  ) =>
    (app === "a" ? a.app : b).inject({
      method: options.method,
      url: options.url,
      ...(options.payload ? { payload: options.payload } : {}),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    });

  beforeAll(async () => {
    a = await createTestApp();
    // A second app on the same database: on PostgreSQL through its own connection pool, as a second process would.
    let db = a.database.db;
    closeB = async () => {};
    if (process.env.DATABASE_URL) {
      const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(a.database.db)).rows[0]!
        .name;
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      const second = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
      db = second.db;
      closeB = () => second.close();
    }
    const built = await buildApp({
      db,
      clock: a.clock,
      mailTransport: null,
      settings: { ...a.ctx.settings, mailFrom: "OpenPRO <no-reply@openpro.test>" },
    });
    b = built.app;
    await b.ready();
  });
  afterAll(async () => {
    await b.close();
    await closeB();
    await a.close();
  });

  it("rotates a refresh token on one instance; replaying the old one on the other ends the whole family", async () => {
    const { nurse } = await twoNurses();
    const tokens = await signIn(a, nurse);
    const rotated = await inject("a", {
      method: "POST",
      url: "/api/v1/auth/refresh",
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json() as { accessToken: string; refreshToken: string };
    expect((await inject("b", { method: "GET", url: "/api/v1/current", token: next.accessToken })).statusCode).toBe(
      200,
    );

    const replay = await inject("b", {
      method: "POST",
      url: "/api/v1/auth/refresh",
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errorCode).toBe("REFRESH_INVALID");
    expect((await inject("a", { method: "GET", url: "/api/v1/current", token: next.accessToken })).statusCode).toBe(
      401,
    );
    expect(
      (await inject("b", { method: "POST", url: "/api/v1/auth/refresh", payload: { refreshToken: next.refreshToken } }))
        .statusCode,
    ).toBe(401);
  });

  it("uses a reset code once, only for the account it was sent to", async () => {
    const { nurse, other } = await twoNurses();
    expect(
      (await inject("a", { method: "POST", url: "/api/v1/auth/password-reset/request", payload: { email: nurse } }))
        .statusCode,
    ).toBe(200);
    const code = await a.lastCodeSentTo(nurse);
    // Another account's e-mail with this code: refused, and the code still works for its owner.
    const borrowed = await inject("b", {
      method: "POST",
      url: "/api/v1/auth/password-reset/check",
      payload: { email: other, resetCode: code },
    });
    expect(borrowed.statusCode).toBe(404);
    const newPassword = "Lantern-Harbour-2027!";
    const reset = await inject("b", {
      method: "POST",
      url: "/api/v2/auth/password-reset/reset",
      payload: { resetCode: code, password: newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await inject("a", {
      method: "POST",
      url: "/api/v2/auth/password-reset/reset",
      payload: {
        resetCode: code,
        password: "Another-Lantern-2027!",
        confirmPassword: "Another-Lantern-2027!",
      },
    });
    expect(again.statusCode).toBe(404);
    expect((await login(a, nurse, newPassword)).statusCode).toBe(200);

    // The 6-digit flow: the code names its e-mail; presented with another account's e-mail it resets nothing.
    const send = await inject("a", {
      method: "POST",
      url: "/api/v2/auth/reset_password/email/send_otp",
      payload: { email: nurse, scope: "clinical" },
    });
    expect(send.statusCode).toBe(200);
    const otp = await a.lastCodeSentTo(nurse);
    const otherPassword = "Borrowed-Lantern-2027!";
    const borrowedOtp = await inject("b", {
      method: "POST",
      url: "/api/v2/auth/reset_password/email/reset",
      payload: { email: other, otpCode: otp, password: otherPassword, confirmPassword: otherPassword },
    });
    expect(borrowedOtp.statusCode).toBe(400);
    expect((await login(a, other, otherPassword)).statusCode).toBe(401);
    const ownOtp = { email: nurse, otpCode: otp, password: otherPassword, confirmPassword: otherPassword };
    expect(
      (await inject("b", { method: "POST", url: "/api/v2/auth/reset_password/email/reset", payload: ownOtp }))
        .statusCode,
    ).toBe(200);
    expect(
      (await inject("a", { method: "POST", url: "/api/v2/auth/reset_password/email/reset", payload: ownOtp }))
        .statusCode,
    ).toBe(400);
  });

  it("uses a sign-up (invitation) code once, only for the e-mail it was sent to", async () => {
    const { domain, programId, adminToken } = await heartWithAdmin();
    const grace = `grace@${domain}`;
    const mallory = `mallory@${domain}`;
    const added = await a.request({
      method: "POST",
      url: "/api/v1/users",
      token: adminToken,
      payload: newPatient(programId, { email: grace }),
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const code = await lastInviteCode(a, grace);
    const stranger = await registerPatient(a, signUpForm(code, mallory));
    expect(stranger.statusCode).toBeGreaterThanOrEqual(400);
    expect(stranger.statusCode).toBeLessThan(500);
    expect(
      await a.database.db.selectFrom("users").select("id").where("email", "=", mallory).executeTakeFirst(),
    ).toBeUndefined();

    const registered = await registerPatient(a, signUpForm(code, grace));
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await giveConsent(a, registered.json().accessToken, programId)).statusCode).toBe(200);
    const twice = await b.inject({ method: "POST", url: "/api/v2/auth/register", payload: signUpForm(code, grace) });
    expect(twice.statusCode).toBeGreaterThanOrEqual(400);
    expect(twice.statusCode).toBeLessThan(500);
  });

  it(`counts wrong codes per account (${limits.codeFailuresPerAccount}) and per client address (${limits.codeFailuresPerIp}) across both instances`, async () => {
    const domain = uniqueMailDomain();
    a.clock.advanceSeconds(2 * limits.codeFailureWindowSeconds);
    const verify = (app: "a" | "b", email: string, ip: string) =>
      inject(app, {
        method: "POST",
        url: "/api/v2/auth/reset_password/email/verify_otp",
        payload: { email, otpCode: "123456", scope: "clinical" },
        ip,
      });
    const perAccount: number[] = [];
    for (let i = 0; i < limits.codeFailuresPerAccount; i++)
      perAccount.push((await verify(i % 2 ? "b" : "a", `target@${domain}`, `198.51.100.${i + 1}`)).statusCode);
    expect(perAccount.every((s) => s === 400)).toBe(true);
    expect((await verify("a", `target@${domain}`, "198.51.100.200")).statusCode).toBe(429);
    expect((await verify("b", `target@${domain}`, "198.51.100.201")).statusCode).toBe(429);

    const perAddress: number[] = [];
    for (let i = 0; i < limits.codeFailuresPerIp; i++)
      perAddress.push((await verify(i % 2 ? "a" : "b", `victim${i}@${domain}`, "203.0.113.9")).statusCode);
    expect(perAddress.every((s) => s === 400)).toBe(true);
    expect((await verify("a", `fresh@${domain}`, "203.0.113.9")).statusCode).toBe(429);
    expect((await verify("b", `fresh2@${domain}`, "203.0.113.9")).statusCode).toBe(429);
    expect((await verify("b", `fresh3@${domain}`, "203.0.113.10")).statusCode).toBe(400);
  });

  it(`locks an account after ${limits.loginFailuresPerAccount} wrong passwords spread over both instances`, async () => {
    const { other } = await twoNurses();
    const answers: number[] = [];
    for (let i = 0; i < limits.loginFailuresPerAccount; i++) {
      const app = i % 2 ? "b" : "a";
      answers.push(
        (
          await inject(app, {
            method: "POST",
            url: "/api/v2/auth/login",
            payload: { email: other, password: `Wrong-Guess-${i}-2026!`, scope: "clinical" },
            ip: `192.0.2.${i + 1}`,
          })
        ).statusCode,
      );
    }
    expect(answers.every((s) => s === 401)).toBe(true);
    for (const app of ["a", "b"] as const) {
      const locked = await inject(app, {
        method: "POST",
        url: "/api/v2/auth/login",
        payload: { email: other, password: TEST_PASSWORD, scope: "clinical" },
        ip: "192.0.2.100",
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(messages.tooManyLoginAttempts);
    }
  });
});

describe("uploads checked by content, and security headers", () => {
  let t: TestApp;
  let token: string;
  const upload = (data: Buffer, fileName: string, contentType: string) =>
    uploadImage(t, token, multipartFile({ fileName, contentType, data }));

  beforeAll(async () => {
    t = await createTestApp();
    const organisation = await insertOrganisation(t, "Northbridge Health");
    const program = await insertProgram(t, {
      organisationId: organisation,
      name: "Northbridge Heart",
      territory: "UK_IRE",
    });
    const id = await t.createStaff({ email: "callum@clinic.test", role: "clinical_project_admin" });
    await addToOrganisation(t, id, organisation, "clinical_project_admin");
    await addToProgram(t, id, program, "clinical_project_admin");
    token = (await signIn(t, "callum@clinic.test")).accessToken;
  });
  afterAll(() => t.close());

  it("refuses an 'image' whose bytes are not the PNG or JPEG its name and type claim", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    expect((await upload(png, "ok.png", "image/png")).statusCode).toBe(201);
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    const script = Buffer.from("<?php system($_GET['c']); ?>\n<script>alert(1)</script>");
    const badMagic = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x46]), png.subarray(4)]);
    for (const [data, name] of [
      [gif, "photo.png"],
      [script, "photo.jpg"],
      [badMagic, "photo.png"],
    ] as const) {
      const answer = await upload(data, name, name.endsWith("png") ? "image/png" : "image/jpeg");
      expect(answer.statusCode, name).toBe(422);
      expect(answer.json().errors).toEqual([{ field: "file", message: messages.imageUnsupported }]);
    }
  });

  it("sends a Content-Security-Policy whose scripts and styles come from this server only (no unsafe-inline, no eval)", async () => {
    const answer = await t.request({ method: "GET", url: "/api/v1/healthz" });
    const csp = String(answer.headers["content-security-policy"]);
    const directives = new Map(
      csp.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get("script-src")).toEqual(["'self'"]);
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(directives.get("script-src")).not.toContain("'unsafe-inline'");
    // Styles too: the web app's pages allow only the style elements carrying their nonce
    // (platform/http/static-assets.test.ts); nothing else allows inline style.
    expect(directives.get("style-src")).toEqual(["'self'"]);
    expect(csp).not.toMatch(/unsafe-inline/);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["set-cookie"]).toBeUndefined();
  });
});
