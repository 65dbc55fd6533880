import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvite, addPatient, giveConsent, newPatient } from "../../../test/patients.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";
import { ConfigError, readConfig } from "../../config.js";
import type { MailTransport } from "../mail/mailer.js";
import { startMetricsServer } from "./metrics.js";

const TOKEN = "metrics-token-of-the-operator-0123456789";
const NAUSEA = "10028813";

/** The samples of one metric in the Prometheus text: its labels and value, line by line. */
const samples = (text: string, name: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const labels = Object.fromEntries(
        [...(/\{(.*)\}/.exec(line)?.[1] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { labels, value: Number(line.slice(line.lastIndexOf(" ") + 1)) };
    });
const sampleValue = (text: string, name: string, labels: Record<string, string> = {}) =>
  samples(text, name).find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe("metrics: never public", () => {
  it("answers 404 on the API's port when the operator configured no metrics", async () => {
    const t = await createTestApp();
    try {
      const answer = await t.request({ method: "GET", url: "/metrics" });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain("process_cpu");
      // Not even to someone holding a token: there is none to hold.
      expect((await t.request({ method: "GET", url: "/metrics", token: TOKEN })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it("refuses a caller without the operator's token (401), or with another one", async () => {
    const t = await createTestApp({ metrics: { token: TOKEN } });
    try {
      const bare = await t.request({ method: "GET", url: "/metrics" });
      expect(bare.statusCode).toBe(401);
      expect(bare.headers["www-authenticate"]).toContain("Bearer");
      expect(bare.body).not.toContain("process_cpu");
      expect((await t.request({ method: "GET", url: "/metrics", token: `${TOKEN}x` })).statusCode).toBe(401);
      expect(
        (await t.request({ method: "GET", url: "/metrics", headers: { authorization: `Basic ${TOKEN}` } })).statusCode,
      ).toBe(401);
      const allowed = await t.request({ method: "GET", url: "/metrics", token: TOKEN });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers["content-type"]).toContain("text/plain");
    } finally {
      await t.close();
    }
  });

  it("is served on a port of its own (METRICS_PORT) and not on the API's, with the token asked there too", async () => {
    const t = await createTestApp({ metrics: { token: null } });
    const own = await startMetricsServer(t.metrics!, { port: 0, host: "127.0.0.1", token: TOKEN });
    try {
      expect((await t.request({ method: "GET", url: "/metrics", token: TOKEN })).statusCode).toBe(404);
      const base = `http://127.0.0.1:${(own.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/api/v1/healthz`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
        404,
      );
      const allowed = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain("openpro_http_request_duration_seconds");
    } finally {
      own.close();
      await t.close();
    }
  });

  it("reads METRICS_PORT and METRICS_TOKEN, and refuses a short token or the API's own port", () => {
    expect(readConfig({ METRICS_PORT: "9464", METRICS_TOKEN: TOKEN })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_TOKEN: TOKEN,
    });
    expect(() => readConfig({ METRICS_TOKEN: "short" })).toThrow("METRICS_TOKEN must be at least 32 characters");
    expect(() => readConfig({ METRICS_PORT: "3000" })).toThrow(ConfigError);
    expect(() => readConfig({ METRICS_PORT: "3000" })).toThrow("METRICS_PORT must differ from PORT");
  });
});

describe("metrics after a morning's work: a sign-in, an upload that raises an alert, mail that cannot go out", () => {
  let t: TestApp;
  let heart = "";
  const identifiers: string[] = [];
  const scrape = async () => {
    const answer = await t.request({ method: "GET", url: "/metrics", token: TOKEN });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };
  // The SMTP server refuses everything: the mails retry, then fail for good.
  const refusingSmtp: MailTransport = {
    send: async () => {
      throw new Error("550 mailbox unavailable");
    },
  };

  beforeAll(async () => {
    t = await createTestApp({ metrics: { token: TOKEN }, mailTransport: refusingSmtp });
    t.clock.set("2026-03-04T08:00:00Z");
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    const admin = await staffSession(t, { email: "cara@clinic.test", role: "clinical_project_admin" });
    await addToOrganisation(t, admin.id, northbridge, "clinical_project_admin");
    const added = await addPatient(
      t,
      admin.token,
      newPatient(heart, { firstName: "Grace", email: "grace@patients.test" }),
    );
    expect(added.statusCode).toBe(201);
    const grace = await acceptInvite(t, "grace@patients.test");
    expect((await giveConsent(t, grace, heart)).statusCode).toBe(200);
    // A grade-3 nausea logged by Grace raises an alert in Northbridge Heart.
    const upload = await t.request({
      method: "POST",
      url: `/api/v1/user/projects/${heart}/logs`,
      token: grace,
      payload: {
        logs: [
          {
            clientId: randomUUID(),
            logClass: "SYMPTOMS",
            date: t.clock.now().toISOString(),
            logTypeId: NAUSEA,
            grade: 3,
          },
        ],
      },
    });
    expect(upload.statusCode).toBe(200);
    await signIn(t, "cara@clinic.test");
    const people = await t.ctx.db.selectFrom("users").select(["id", "email"]).execute();
    const alerts = await t.ctx.db.selectFrom("alerts").select(["id", "patientId"]).execute();
    expect(alerts).toHaveLength(1);
    identifiers.push(
      ...people.flatMap((p) => [p.id, p.email]),
      ...alerts.map((a) => a.id),
      "grace@patients.test",
      "cara@clinic.test",
      admin.id,
    );
  });
  afterAll(() => t.close());

  it("counts the requests by route pattern and status, never by URL", async () => {
    const text = await scrape();
    const count = (method: string, route: string, status: string) =>
      sampleValue(text, "openpro_http_request_duration_seconds_count", { method, route, status });
    expect(count("POST", "/api/v2/auth/login", "200")).toBeGreaterThanOrEqual(1);
    expect(count("POST", "/api/v2/auth/signin/email/verify_otp", "200")).toBeGreaterThanOrEqual(1);
    expect(count("POST", "/api/v1/user/projects/:projectId/logs", "200")).toBe(1);
    // The latency histogram has its buckets for the same labels.
    expect(
      sampleValue(text, "openpro_http_request_duration_seconds_bucket", {
        route: "/api/v1/user/projects/:projectId/logs",
        le: "+Inf",
      }),
    ).toBe(1);
    // A refused call is counted with its status; the program's id in a URL never reaches a label.
    expect((await t.request({ method: "GET", url: "/api/v1/admin/alerts" })).statusCode).toBe(401);
    await t.request({ method: "GET", url: `/api/v1/admin/projects/${heart}/no-such-page` });
    const after = await scrape();
    expect(samples(after, "openpro_http_request_duration_seconds_count").some((s) => s.labels.status === "401")).toBe(
      true,
    );
    expect(
      samples(after, "openpro_http_request_duration_seconds_count").every((s) => !s.labels.route?.includes(heart)),
    ).toBe(true);
  });

  it("shows the open alert of the program and how long it has waited untaken, beside the escalation delay", async () => {
    t.clock.advanceSeconds(25 * 60);
    const text = await scrape();
    expect(sampleValue(text, "openpro_alerts_open", { program: heart })).toBe(1);
    expect(sampleValue(text, "openpro_alerts_taken", { program: heart })).toBe(0);
    expect(sampleValue(text, "openpro_alerts_oldest_open_age_seconds", { program: heart })).toBeGreaterThanOrEqual(
      25 * 60,
    );
    expect(sampleValue(text, "openpro_alert_escalation_delay_seconds", { program: heart })).toBe(60 * 60);
  });

  it("shows the mail queue and the jobs: pending, then retrying, then failed for good", async () => {
    // Cara signs in again: her code waits in the queue a minute.
    await t.request({
      method: "POST",
      url: "/api/v2/auth/login",
      payload: { email: "cara@clinic.test", password: TEST_PASSWORD, scope: "clinical" },
    });
    t.clock.advanceSeconds(60);
    const before = await scrape();
    expect(sampleValue(before, "openpro_mails_pending")).toBeGreaterThanOrEqual(1);
    expect(sampleValue(before, "openpro_jobs_due", { kind: "mail.send" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(before, "openpro_jobs_oldest_due_age_seconds", { kind: "mail.send" })).toBeGreaterThan(0);
    expect(sampleValue(before, "openpro_mails_oldest_pending_age_seconds")).toBeGreaterThan(0);

    await t.runJobs();
    const retrying = await scrape();
    expect(
      sampleValue(retrying, "openpro_job_runs_total", { kind: "mail.send", outcome: "retry" }),
    ).toBeGreaterThanOrEqual(1);
    expect(sampleValue(retrying, "openpro_jobs_retrying", { kind: "mail.send" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(retrying, "openpro_mails_failed_24h")).toBeGreaterThanOrEqual(1);
    expect(sampleValue(retrying, "openpro_mails_pending")).toBe(0);

    // Eight attempts in all, each at most an hour after the one before (back-off from 30 s, doubling).
    for (let hour = 0; hour < 8; hour++) {
      t.clock.advanceSeconds(3600);
      await t.runJobs();
    }
    const failed = await scrape();
    expect(
      sampleValue(failed, "openpro_job_runs_total", { kind: "mail.send", outcome: "failed" }),
    ).toBeGreaterThanOrEqual(1);
    expect(sampleValue(failed, "openpro_mails_failed_24h")).toBeGreaterThanOrEqual(1);
    expect(sampleValue(failed, "openpro_jobs_due", { kind: "mail.send" }) ?? 0).toBe(0);
    expect(sampleValue(failed, "openpro_jobs_retrying", { kind: "mail.send" }) ?? 0).toBe(0);
    expect(samples(failed, "openpro_job_duration_seconds_count").length).toBeGreaterThan(0);
  });

  it("shows the process, and the connection pool on PostgreSQL", async () => {
    const text = await scrape();
    expect(sampleValue(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(sampleValue(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(sampleValue(text, "openpro_build_info")).toBe(1);
    if (t.database.kind === "postgres") {
      expect(sampleValue(text, "openpro_db_pool_connections_max")).toBe(10);
      expect(sampleValue(text, "openpro_db_pool_connections_open")).toBeGreaterThanOrEqual(1);
      expect(sampleValue(text, "openpro_db_pool_wait_seconds_count")).toBeGreaterThan(0);
    } else {
      // The embedded database is one connection inside the process: no pool to measure.
      expect(text).not.toContain("openpro_db_pool");
    }
  });

  it("carries no patient or staff identifier and no e-mail address anywhere in its output", async () => {
    const text = await scrape();
    expect(identifiers.length).toBeGreaterThan(4);
    for (const identifier of identifiers) expect(text).not.toContain(identifier);
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    // The only ids in labels are programs'.
    const labelledIds = [...text.matchAll(/"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/g)].map(
      (m) => m[1],
    );
    const programs = (await t.ctx.db.selectFrom("programs").select("id").execute()).map((p) => p.id);
    for (const id of labelledIds) expect(programs).toContain(id);
  });
});
