import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { Agent } from "node:https";
import { createRequire } from "node:module";
import { connect } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { acceptInvite, addPatient, giveConsent, newPatient, signInPatient, userIdOf } from "../../../test/patients.js";
import { insertWeeklyCheckIn } from "../../../test/questionnaires.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";
import { configurePush, generatePushKeys, pushOrPass } from "./service.js";

/** web-push's own decryption (RFC 8291, aes128gcm): what a browser does with the push it receives. */
const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(
    body: Buffer,
    params: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: string },
  ): Buffer;
};

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service of our own: an HTTP server that takes web-push's POSTs, records them and answers
 * what the test says (201 by default; 410 when the subscription is gone). web-push always speaks
 * HTTPS; the agent given to the app hands its requests to this plain server instead of a TLS one.
 */
const startPushService = async () => {
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(request.url ?? "") ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  class PlainAgent extends Agent {
    override createConnection() {
      return connect({ host: "127.0.0.1", port });
    }
  }
  return { received, answers, port, agent: new PlainAgent({ keepAlive: false }), close: () => server.close() };
};

/** A browser's subscription: its push address at our service and the keys the server encrypts for. */
const browserSubscription = (port: number, name: string) => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  return {
    ecdh,
    auth,
    path: `/push/${name}`,
    body: {
      endpoint: `https://127.0.0.1:${port}/push/${name}`,
      keys: { p256dh: ecdh.getPublicKey("base64url"), auth },
    },
  };
};

/** The VAPID header (RFC 8292): a JWT for the push service's origin, signed with the server's key. */
const checkVapid = (headers: IncomingHttpHeaders, publicKey: string, port: number) => {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(match, "a VAPID Authorization header").not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [head, claims, signature] = jwt!.split(".") as [string, string, string];
  expect(JSON.parse(Buffer.from(head, "base64url").toString())).toMatchObject({ alg: "ES256" });
  expect(JSON.parse(Buffer.from(claims, "base64url").toString())).toMatchObject({ aud: `https://127.0.0.1:${port}` });
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  expect(
    verify(
      "sha256",
      Buffer.from(`${head}.${claims}`),
      { key, dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    ),
  ).toBe(true);
};

/** A custom questionnaire of one question (our own words). */
describe("reminders that reach the phone (Web Push)", () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  const keys = { ...generatePushKeys(), subject: "mailto:support@openpro.test" };
  let organisation: string;

  const api = (method: "GET" | "PUT" | "POST", url: string, token?: string, payload?: object) =>
    t.request({ method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
  /** Sessions are made at the test's clock (an earlier one would have expired). */
  const tokenOf = (email: string) => signInPatient(t, email);
  const nurseToken = async () => (await signIn(t, "nia@clinic.test")).accessToken;
  const subscribe = async (email: string, subscription: ReturnType<typeof browserSubscription>, kinds: string[]) =>
    api("PUT", "/api/v1/user/push/subscription", await tokenOf(email), { ...subscription.body, kinds });
  const subscriptionsOf = (email: string) =>
    t.ctx.db
      .selectFrom("pushSubscriptions as s")
      .innerJoin("users as u", "u.id", "s.userId")
      .select(["s.endpoint", "s.kinds", "s.lastSuccessAt"])
      .where("u.email", "=", email)
      .execute();
  const deliveriesOf = (userId: string) =>
    t.ctx.db
      .selectFrom("pushDeliveries")
      .select(["kind", "eventKey", "outcome", "fallbackMail"])
      .where("userId", "=", userId)
      .orderBy("createdAt")
      .execute();
  const pushesTo = (subscription: { path: string }) => service.received.filter((r) => r.path === subscription.path);
  const opened = (subscription: ReturnType<typeof browserSubscription>, push: Received) =>
    JSON.parse(
      ece
        .decrypt(push.body, { version: "aes128gcm", privateKey: subscription.ecdh, authSecret: subscription.auth })
        .toString(),
    ) as { title: string; body: string; url: string; tag: string };

  /** A UK program of the organisation (the clinic's zone is London) with the weekly check-in of its own. */
  const breastProgram = async (name: string) => {
    const programId = await insertProgram(t, { organisationId: organisation, name });
    return { programId, typeId: await insertWeeklyCheckIn(t, programId) };
  };
  /** A patient the nurse added, who accepted the invitation and consented now. */
  const consentedPatient = async (programId: string, firstName: string, email: string) => {
    expect((await addPatient(t, await nurseToken(), newPatient(programId, { firstName, email }))).statusCode).toBe(201);
    expect((await giveConsent(t, await acceptInvite(t, email), programId)).statusCode).toBe(200);
    return userIdOf(t, email);
  };
  /** The weekly check-in, sent to every patient of the program from their consent day (the engine runs soon). */
  const scheduleCheckIn = async (program: { programId: string; typeId: string }) => {
    const scheduled = await api(
      "POST",
      `/api/v1/admin/projects/${program.programId}/questionnaires/schedules`,
      await nurseToken(),
      {
        audience: "all",
        type: "questionnaire",
        scheduleType: "recurring",
        sendDateType: "consent_date",
        questionnaireTypeId: program.typeId,
        startDay: 0,
        frequency: 7,
        numberToSend: 4,
        responseWindow: 3,
      },
    );
    expect(scheduled.statusCode, scheduled.body).toBe(201);
  };

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp();
    configurePush(t.ctx, keys, { agent: service.agent });
    organisation = await insertOrganisation(t, "Northbridge Health");
    const nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToOrganisation(t, nurse.id, organisation, "clinician_team_member");
  });
  afterAll(async () => {
    await t.close();
    service.close();
  });
  beforeEach(() => {
    service.received.length = 0;
    service.answers.clear();
  });

  it("gives a patient the server's public key and stores, lists, changes and removes the browser's subscription", async () => {
    t.clock.set("2026-03-02T10:00:00Z");
    const { programId } = await breastProgram("Subscribing Program");
    const graceId = await consentedPatient(programId, "Grace", "grace@patients.test");
    const grace = await tokenOf("grace@patients.test");
    expect((await api("GET", "/api/v1/user/push/key", grace)).json()).toEqual({ publicKey: keys.publicKey });

    const phone = browserSubscription(service.port, "grace-phone");
    const saved = await subscribe("grace@patients.test", phone, ["questionnaire_due", "care_team_message"]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      endpoint: phone.body.endpoint,
      kinds: ["questionnaire_due", "care_team_message"],
    });
    // Again from the same browser: the kinds change, the subscription stays one.
    await subscribe("grace@patients.test", phone, ["questionnaire_closing"]);
    const listed = (await api("GET", "/api/v1/user/push/subscriptions", grace)).json().results;
    expect(listed).toEqual([
      {
        endpoint: phone.body.endpoint,
        kinds: ["questionnaire_closing"],
        createdAt: expect.any(String),
        lastSuccessAt: null,
      },
    ]);

    const removed = await api("POST", "/api/v1/user/push/unsubscribe", grace, { endpoint: phone.body.endpoint });
    expect(removed.statusCode).toBe(204);
    expect(await subscriptionsOf("grace@patients.test")).toEqual([]);
    // Already gone: still no error.
    const again = await api("POST", "/api/v1/user/push/unsubscribe", grace, { endpoint: phone.body.endpoint });
    expect(again.statusCode).toBe(204);
    const audited = await t.ctx.db
      .selectFrom("auditLog")
      .select("action")
      .where("action", "like", "push.%")
      .where("actorUserId", "=", graceId)
      .orderBy("at")
      .execute();
    expect(audited.map((a) => a.action)).toEqual(["push.subscribe", "push.subscribe", "push.unsubscribe"]);
  });

  it("refuses staff accounts and callers without a session, and says in words what is wrong with a subscription", async () => {
    t.clock.set("2026-03-03T10:00:00Z");
    const { programId } = await breastProgram("Refusing Program");
    await consentedPatient(programId, "Hana", "hana@patients.test");
    const nurse = await nurseToken();
    const phone = browserSubscription(service.port, "nurse-phone");
    for (const [method, url, payload] of [
      ["GET", "/api/v1/user/push/key", undefined],
      ["GET", "/api/v1/user/push/subscriptions", undefined],
      ["PUT", "/api/v1/user/push/subscription", { ...phone.body, kinds: ["questionnaire_due"] }],
      ["POST", "/api/v1/user/push/unsubscribe", { endpoint: phone.body.endpoint }],
    ] as const) {
      expect((await api(method, url, nurse, payload)).statusCode, `${method} ${url} as staff`).toBe(403);
      expect((await api(method, url, undefined, payload)).statusCode, `${method} ${url} signed out`).toBe(401);
    }
    expect(
      await t.ctx.db.selectFrom("pushSubscriptions").select("id").where("endpoint", "=", phone.body.endpoint).execute(),
    ).toEqual([]);

    const hana = await tokenOf("hana@patients.test");
    const put = (payload: object) => api("PUT", "/api/v1/user/push/subscription", hana, payload);
    const plainHttp = await put({ ...phone.body, endpoint: "http://127.0.0.1/push/x", kinds: ["questionnaire_due"] });
    expect(plainHttp.statusCode).toBe(422);
    expect(fieldErrors(plainHttp)).toEqual([
      { field: "endpoint", message: "The browser's push address must be an https address." },
    ]);
    const noKind = await put({ ...phone.body, kinds: [] });
    expect(fieldErrors(noKind)).toEqual([
      { field: "kinds", message: "Choose at least one kind of reminder, or turn reminders off." },
    ]);
    expect((await put({ ...phone.body, kinds: ["lab_results"] })).statusCode).toBe(422);
    const badKeys = await put({
      ...phone.body,
      keys: { p256dh: "short", auth: phone.body.keys.auth },
      kinds: ["questionnaire_due"],
    });
    expect(fieldErrors(badKeys)).toEqual([{ field: "keys.p256dh", message: "The browser's push keys are not valid." }]);
  });

  it("pushes a due questionnaire once, signed with the server's VAPID key and encrypted for the browser, saying no more than that a questionnaire is waiting", async () => {
    t.clock.set("2026-03-09T10:00:00Z"); // 10:00 in London
    const program = await breastProgram("Northbridge Breast Cancer Care");
    const amaraId = await consentedPatient(program.programId, "Amara", "amara@patients.test");
    const phone = browserSubscription(service.port, "amara-phone");
    expect((await subscribe("amara@patients.test", phone, ["questionnaire_due"])).statusCode).toBe(200);

    await scheduleCheckIn(program);
    await t.runJobs();
    const [push, ...more] = pushesTo(phone);
    expect(more).toEqual([]);
    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect(push!.headers.ttl).toBe("86400");
    checkVapid(push!.headers, keys.publicKey, service.port);
    const message = opened(phone, push!);
    expect(message).toEqual({
      title: "OpenPRO",
      body: "You have a questionnaire to answer.",
      url: "/me",
      tag: "questionnaire_due",
    });
    // Neither the program's name (it names the illness) nor the questionnaire's is on the lock screen.
    expect(JSON.stringify(message)).not.toMatch(/Breast|Cancer|check-in|Northbridge/i);
    // Pushed, so not e-mailed; the subscription records its success.
    expect((await t.mailsTo("amara@patients.test")).filter((m) => m.subject.includes("questionnaire"))).toEqual([]);
    expect((await subscriptionsOf("amara@patients.test"))[0]!.lastSuccessAt).toEqual(t.clock.now());

    // Idempotent: the engine's next run, and the same event told again, push nothing more.
    t.clock.advanceSeconds(3600);
    await t.runJobs();
    const [delivery] = await deliveriesOf(amaraId);
    const left = await pushOrPass(t.ctx.db, t.clock, [
      {
        userId: amaraId,
        programId: program.programId,
        kind: "questionnaire_due",
        eventKey: delivery!.eventKey,
        fallbackMail: null,
      },
    ]);
    expect(left).toEqual([]);
    await t.runJobs();
    expect(pushesTo(phone)).toHaveLength(1);
    expect(await deliveriesOf(amaraId)).toEqual([
      { kind: "questionnaire_due", eventKey: delivery!.eventKey, outcome: "pushed", fallbackMail: null },
    ]);
  });

  it("holds a reminder that falls in the quiet hours (21:00–08:00 in the clinic's zone) until 08:00, by the injected clock", async () => {
    t.clock.set("2026-03-16T22:00:00Z"); // 22:00 in London (winter time)
    const program = await breastProgram("Evening Program");
    const idaId = await consentedPatient(program.programId, "Ida", "ida@patients.test");
    const phone = browserSubscription(service.port, "ida-phone");
    expect((await subscribe("ida@patients.test", phone, ["questionnaire_due"])).statusCode).toBe(200);
    await scheduleCheckIn(program);
    await t.runJobs();
    expect((await deliveriesOf(idaId)).map((d) => d.kind)).toEqual(["questionnaire_due"]);
    expect(pushesTo(phone)).toEqual([]);
    t.clock.set("2026-03-17T07:59:00Z");
    await t.runJobs();
    expect(pushesTo(phone)).toEqual([]);
    t.clock.set("2026-03-17T08:00:00Z");
    await t.runJobs();
    expect(pushesTo(phone).map((p) => opened(phone, p).body)).toEqual(["You have a questionnaire to answer."]);
  });

  it("lets the care team's word after taking an alert through at night, naming no symptom", async () => {
    t.clock.set("2026-03-17T23:30:00Z");
    const { programId } = await breastProgram("Night Program");
    const oliviaId = await consentedPatient(programId, "Olivia", "olivia@patients.test");
    const phone = browserSubscription(service.port, "olivia-phone");
    expect((await subscribe("olivia@patients.test", phone, ["care_team_message"])).statusCode).toBe(200);
    const { id: alertId } = await t.ctx.db
      .insertInto("alerts")
      .values({
        programId,
        patientId: oliviaId,
        kind: "symptom",
        triggerKey: "symptom:10028813",
        logTypeId: "10028813",
        grade: 3,
        temperature: null,
        severity: 3,
        raisedAt: t.clock.now(),
        lastLogAt: t.clock.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const taken = await api("POST", `/api/v1/admin/projects/${programId}/alerts/${alertId}/take`, await nurseToken());
    expect(taken.statusCode, taken.body).toBe(200);
    await t.runJobs();
    const [push, ...more] = pushesTo(phone);
    expect(more).toEqual([]);
    expect(push!.headers.urgency).toBe("high");
    const message = opened(phone, push!);
    expect(message.body).toBe("Your care team has seen what you sent and is looking after it.");
    // The symptom (nausea, grade 3) is not named.
    expect(JSON.stringify(message)).not.toMatch(/nausea|grade|3/i);
  });

  it("removes a subscription the push service says is gone (410) and e-mails the patient instead", async () => {
    t.clock.set("2026-03-23T10:00:00Z");
    const program = await breastProgram("Lakeside Lung Follow-up");
    const lenaId = await consentedPatient(program.programId, "Lena", "lena@patients.test");
    const phone = browserSubscription(service.port, "lena-old-phone");
    expect((await subscribe("lena@patients.test", phone, ["questionnaire_due"])).statusCode).toBe(200);
    service.answers.set(phone.path, 410);
    await scheduleCheckIn(program);
    await t.runJobs();
    expect(pushesTo(phone)).toHaveLength(1);
    expect(await subscriptionsOf("lena@patients.test")).toEqual([]);
    const mails = await t.mailsTo("lena@patients.test");
    expect(mails.map((m) => m.subject)).toContain("You have a questionnaire to complete for Lakeside Lung Follow-up");
    // The e-mail kept for the fallback is not kept once sent.
    expect((await deliveriesOf(lenaId)).map(({ outcome, fallbackMail }) => ({ outcome, fallbackMail }))).toEqual([
      { outcome: "mailed", fallbackMail: null },
    ]);
  });

  it("keeps the quiet hours the program sets, changed only by those who may edit its symptom settings", async () => {
    t.clock.set("2026-04-06T11:30:00Z"); // 12:30 in London (summer time)
    const program = await breastProgram("Lunchtime Program");
    const url = `/api/v1/admin/projects/${program.programId}/push-settings`;
    const admin = await staffSession(t, { email: "cara@clinic.test", role: "clinical_project_admin" });
    await addToOrganisation(t, admin.id, organisation, "clinical_project_admin");
    const analyst = await staffSession(t, { email: "lena@pharma.test", role: "life_sciences_team_member" });
    await addToOrganisation(t, analyst.id, organisation, "life_sciences_team_member");
    const otherOrganisation = await insertOrganisation(t, "Lakeside");
    const outsider = await staffSession(t, { email: "omar@lakeside.test", role: "clinical_project_admin" });
    await addToOrganisation(t, outsider.id, otherOrganisation, "clinical_project_admin");

    expect((await api("GET", url, admin.token)).json()).toEqual({ quietStart: "21:00", quietEnd: "08:00" });
    const bad = await api("PUT", url, admin.token, { quietStart: "25:00", quietEnd: "14:00" });
    expect(fieldErrors(bad)).toEqual([
      { field: "quietStart", message: "Enter when the quiet hours start as hh:mm, for example 21:00." },
    ]);
    expect((await api("PUT", url, analyst.token, { quietStart: "12:00", quietEnd: "14:00" })).statusCode).toBe(403);
    expect((await api("GET", url, outsider.token)).statusCode).toBe(404);
    expect((await api("PUT", url, outsider.token, { quietStart: "12:00", quietEnd: "14:00" })).statusCode).toBe(404);
    const saved = await api("PUT", url, admin.token, { quietStart: "12:00", quietEnd: "14:00" });
    expect(saved.json()).toEqual({ quietStart: "12:00", quietEnd: "14:00" });
    expect((await api("GET", url, admin.token)).json()).toEqual({ quietStart: "12:00", quietEnd: "14:00" });
    expect((await api("PUT", url, await nurseToken(), { quietStart: "00:00", quietEnd: "00:00" })).statusCode).toBe(
      403,
    );

    // A questionnaire sent at 12:30 waits for 14:00 London.
    await consentedPatient(program.programId, "Noor", "noor@patients.test");
    const phone = browserSubscription(service.port, "noor-phone");
    expect((await subscribe("noor@patients.test", phone, ["questionnaire_due"])).statusCode).toBe(200);
    await scheduleCheckIn(program);
    await t.runJobs();
    expect(pushesTo(phone)).toEqual([]);
    t.clock.set("2026-04-06T13:00:00Z");
    await t.runJobs();
    expect(pushesTo(phone)).toHaveLength(1);
  });

  it("e-mails as before a patient who opted out of that kind of reminder", async () => {
    t.clock.set("2026-04-13T10:00:00Z");
    const program = await breastProgram("Wendy's Program");
    await consentedPatient(program.programId, "Wendy", "wendy@patients.test");
    const phone = browserSubscription(service.port, "wendy-phone");
    // Wendy takes only the care team's word: her questionnaires still come by e-mail.
    expect((await subscribe("wendy@patients.test", phone, ["care_team_message"])).statusCode).toBe(200);
    await scheduleCheckIn(program);
    await t.runJobs();
    expect(pushesTo(phone)).toEqual([]);
    expect((await t.mailsTo("wendy@patients.test")).map((m) => m.subject)).toContain(
      "You have a questionnaire to complete for Wendy's Program",
    );
  });
});
