import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvite, addPatient, giveConsent, newPatient, PATIENT_PASSWORD } from "../../../test/patients.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp } from "../../../test/test-app.js";
import { scrubSpan } from "./tracing.js";

const repoRoot = resolve(import.meta.dirname, "../../../../..");

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
  scope: string;
}

/** A tiny OTLP/HTTP collector: the JSON the exporter posts to /v1/traces, span by span. */
const startCollector = async () => {
  const spans: OtlpSpan[] = [];
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      if (request.url === "/v1/traces") {
        bodies.push(body);
        const parsed = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { scope: { name: string }; spans: Omit<OtlpSpan, "scope">[] }[] }[];
        };
        for (const resource of parsed.resourceSpans)
          for (const scope of resource.scopeSpans)
            for (const span of scope.spans) spans.push({ ...span, scope: scope.scope.name });
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { spans, bodies, server, port: (server.address() as AddressInfo).port };
};

const freePort = async () => {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
};

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

describe("traces: one upload, as the operator's collector receives it", () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let child: ChildProcess | undefined;
  let output = "";
  let baseUrl = "";
  let heart = "";
  let kind: "postgres" | "pglite" = "pglite";
  let dataDir: string | undefined;
  let closeWorld = async () => {};

  beforeAll(async () => {
    collector = await startCollector();
    // The world: a program with a consented patient, made through the test app on a database the
    // server process then opens (PostgreSQL: the same database; PGlite: a copy in a folder).
    const t = await createTestApp();
    closeWorld = () => t.close();
    kind = t.database.kind;
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    const admin = await staffSession(t, { email: "cara@clinic.test", role: "clinical_project_admin" });
    await addToOrganisation(t, admin.id, northbridge, "clinical_project_admin");
    await addPatient(t, admin.token, newPatient(heart, { firstName: "Grace", email: "grace@patients.test" }));
    const grace = await acceptInvite(t, "grace@patients.test");
    expect((await giveConsent(t, grace, heart)).statusCode).toBe(200);
    const env: Record<string, string> = {};
    if (kind === "postgres") {
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.ctx.db);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      env.DATABASE_URL = url.toString();
    } else {
      const dump = await t.database.dump!();
      dataDir = mkdtempSync(join(tmpdir(), "openpro-tracing-"));
      const copy = await PGlite.create(`${dataDir}/pgdata`, { loadDataDir: dump });
      await copy.close();
      env.DATA_DIR = dataDir;
    }
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(
      process.execPath,
      ["--import", "tsx", "--import", "./apps/server/src/platform/tracing/instrument.ts", "apps/server/src/main.ts"],
      {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: tmpdir(),
          NODE_ENV: "development",
          PORT: String(port),
          HOST: "127.0.0.1",
          DEMO_DATA: "off",
          LOG_LEVEL: "warn",
          JWT_SECRET: "tracing-test-secret-0123456789-abcdefghijklmnop",
          OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}`,
          OTEL_BSP_SCHEDULE_DELAY: "100",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    if (kind === "pglite") await t.close();
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      const health = await fetch(`${baseUrl}/api/v1/healthz`).catch(() => null);
      if (health?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }, 300_000);

  afterAll(async () => {
    child?.kill("SIGTERM");
    await new Promise((done) => (child?.exitCode !== null ? done(null) : child.once("exit", done)));
    await new Promise((done) => collector.server.close(done));
    await closeWorld();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends the upload's HTTP span named by its route pattern, with the database's spans in the same trace", async () => {
    const login = await fetch(`${baseUrl}/api/v2/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "grace@patients.test", password: PATIENT_PASSWORD, scope: "patient" }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const upload = await fetch(`${baseUrl}/api/v1/user/projects/${heart}/logs?note=SECRET-CODE-123`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        logs: [
          {
            clientId: randomUUID(),
            logClass: "SYMPTOMS",
            date: new Date().toISOString(),
            logTypeId: "10028813",
            grade: 3,
          },
        ],
      }),
    });
    expect(upload.status).toBe(200);

    const route = "/api/v1/user/projects/:projectId/logs";
    const uploadSpan = () => collector.spans.find((span) => attribute(span, "http.route") === route);
    const databaseSpans = (traceId: string) =>
      collector.spans.filter((span) => span.traceId === traceId && span.scope.includes("instrumentation-pg"));
    const deadline = Date.now() + 20_000;
    while (
      Date.now() < deadline &&
      (!uploadSpan() || (kind === "postgres" && databaseSpans(uploadSpan()!.traceId).length === 0))
    )
      await new Promise((done) => setTimeout(done, 100));

    const span = uploadSpan();
    expect(span, `no span for ${route}; received: ${collector.spans.map((s) => s.name).join(", ")}`).toBeDefined();
    expect(span!.name).toBe(`POST ${route}`);
    expect(span!.kind).toBe(2); // SERVER
    expect(Number(attribute(span!, "http.status_code") ?? attribute(span!, "http.response.status_code"))).toBe(200);
    if (kind === "postgres") {
      // node-postgres: the upload's statement is a child in the same trace, with its SQL and no values.
      const statements = databaseSpans(span!.traceId);
      expect(statements.length).toBeGreaterThan(0);
      expect(
        statements.some((s) =>
          String(attribute(s, "db.statement") ?? attribute(s, "db.query.text")).includes("patient_logs"),
        ),
      ).toBe(true);
    }
    // Nothing that left the process carries the URL, its query string, or who uploaded.
    const sent = collector.bodies.join("\n");
    expect(sent).not.toContain("SECRET-CODE-123");
    expect(sent).not.toContain(`/projects/${heart}`);
    expect(sent).not.toContain("grace@patients.test");
    expect(sent).not.toContain('127.0.0.1","key":"client');
    // The health checks the load balancer sends are not traced.
    expect(collector.spans.some((s) => s.name.includes("healthz"))).toBe(false);
  });
});

describe("what a span may carry when it leaves", () => {
  it("keeps the route pattern in place of the path, and drops the query, addresses and user agents", () => {
    const span = {
      name: "GET /api/v1/invite/:code",
      attributes: {
        "http.method": "GET",
        "http.route": "/api/v1/invite/:code",
        "http.target": "/api/v1/invite/K7Q2-PX9D?utm=1",
        "url.path": "/api/v1/invite/K7Q2-PX9D",
        "url.query": "utm=1",
        "http.url": "http://openpro.example/api/v1/invite/K7Q2-PX9D?utm=1",
        "http.client_ip": "203.0.113.7",
        "client.address": "203.0.113.7",
        "user_agent.original": "Mozilla/5.0",
        "http.status_code": 200,
      },
      events: [{ name: "exception", attributes: { "exception.type": "Error", "exception.message": "K7Q2-PX9D" } }],
    };
    const scrubbed = scrubSpan(span as never);
    expect(scrubbed.attributes).toEqual({
      "http.method": "GET",
      "http.route": "/api/v1/invite/:code",
      "http.target": "/api/v1/invite/:code",
      "url.path": "/api/v1/invite/:code",
      "http.status_code": 200,
    });
    expect(JSON.stringify(scrubbed)).not.toContain("K7Q2-PX9D");
    expect(JSON.stringify(scrubbed)).not.toContain("203.0.113.7");
    expect(scrubbed.events[0]!.attributes).toEqual({ "exception.type": "Error" });
  });
});
