import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("the audit log: server-made request ids, and rows nobody can change", () => {
  let t: TestApp;
  let nurse: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createStaff({ email: "nurse@clinic.test", role: "clinician_team_member" });
    nurse = (await signIn(t, "nurse@clinic.test")).accessToken;
  });
  afterAll(() => t.close());

  const lastRefusal = () =>
    t.ctx.db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "permission.refused")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();

  it("records the server's own request id, and a client's X-Request-Id only as a separate field", async () => {
    const response = await t.request({
      method: "GET",
      url: "/api/v1/admin/outbox",
      token: nurse,
      headers: { "x-request-id": "client-chosen-1" },
    });
    expect(response.statusCode).toBe(403);
    const entry = await lastRefusal();
    expect(entry.requestId).toMatch(UUID);
    expect(entry.clientRequestId).toBe("client-chosen-1");

    // A header that is not a plain token is not kept at all.
    await t.request({
      method: "GET",
      url: "/api/v1/admin/outbox",
      token: nurse,
      headers: { "x-request-id": "forged id\u0007with spaces" },
    });
    const second = await lastRefusal();
    expect(second.requestId).toMatch(UUID);
    expect(second.requestId).not.toBe(entry.requestId);
    expect(second.clientRequestId).toBeNull();
  });

  it("refuses UPDATE, DELETE and TRUNCATE of audit rows", async () => {
    const before = await t.ctx.db.selectFrom("auditLog").select("id").execute();
    expect(before.length).toBeGreaterThan(0);
    await expect(sql`UPDATE audit_log SET action = 'x'`.execute(t.ctx.db)).rejects.toThrow();
    await expect(sql`DELETE FROM audit_log`.execute(t.ctx.db)).rejects.toThrow();
    await expect(sql`TRUNCATE audit_log`.execute(t.ctx.db)).rejects.toThrow(
      /never updated or deleted \(nor truncated\)/,
    );
    expect(await t.ctx.db.selectFrom("auditLog").select("id").execute()).toHaveLength(before.length);
  });
});

/**
 * On PostgreSQL the table belongs to a role nobody logs in as: an application that connects as a
 * role of its own (a member of openpro_app) may append and read, and nothing else.
 */
// Roles exist only on a PostgreSQL server: the embedded database has one user and no roles to
// test, so this story is registered only when the suite runs on a server (CI runs both).
const onPostgresServer = process.env.DATABASE_URL ? describe : () => undefined;
onPostgresServer("the audit log on PostgreSQL: the application's role", () => {
  let t: TestApp;
  let app: pg.Client;
  const role = `openpro_probe_${randomBytes(4).toString("hex")}`;
  const password = randomBytes(12).toString("hex");
  beforeAll(async () => {
    t = await createTestApp();
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.ctx.db);
    await sql.raw(`CREATE ROLE ${role} LOGIN PASSWORD '${password}' IN ROLE openpro_app`).execute(t.ctx.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.username = role;
    url.password = password;
    url.pathname = `/${rows[0]!.name}`;
    app = new pg.Client({ connectionString: url.toString() });
    await app.connect();
  });
  afterAll(async () => {
    await app.end();
    await t.close();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
  });

  it("is owned by the NOLOGIN role openpro_audit_owner", async () => {
    const { rows } = await sql<{ owner: string }>`
      SELECT tableowner AS owner FROM pg_tables WHERE tablename = 'audit_log'`.execute(t.ctx.db);
    expect(rows[0]!.owner).toBe("openpro_audit_owner");
  });

  it("lets the application's role append and read, and refuses it UPDATE, DELETE, TRUNCATE, dropping the triggers and moving the chain's head", async () => {
    await app.query(`INSERT INTO audit_log (at, action, outcome) VALUES (now(), 'probe.append', 'success')`);
    expect((await app.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'probe.append'`)).rows[0].n).toBe(
      1,
    );
    // Its row was chained by the owner's trigger, though the role has no right on the chain's head.
    const probe = (await app.query(`SELECT hash, chain_position FROM audit_log WHERE action = 'probe.append'`)).rows[0];
    expect(probe.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await app.query(`SELECT position FROM audit_chain_head`)).rows[0].position).toBe(probe.chain_position);
    for (const statement of [
      `UPDATE audit_log SET action = 'x'`,
      `DELETE FROM audit_log`,
      `TRUNCATE audit_log`,
      `DROP TRIGGER audit_log_no_change ON audit_log`,
      `DROP TRIGGER audit_log_no_truncate ON audit_log`,
      `DROP TRIGGER audit_log_chain ON audit_log`,
      `UPDATE audit_chain_head SET position = 0`,
      `ALTER TABLE audit_log DISABLE TRIGGER audit_log_chain`,
      `ALTER TABLE audit_log DISABLE TRIGGER ALL`,
      `CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`,
    ]) {
      await expect(app.query(statement), statement).rejects.toThrow(/permission denied|must be owner/);
    }
  });
});
