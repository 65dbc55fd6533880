import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createTestApp } from "../../../test/test-app.js";
import { type Db, openDatabase } from "../../db/kysely.js";
import { migrations } from "../../db/migrations/index.js";
import { writeAudit } from "./audit.js";
import { chainHash, verifyAuditChain } from "./verify.js";

/**
 * Each audit row carries sha256(previous hash || its canonical content): a DBA who changes or
 * removes a row (with a superuser connection, past the append-only triggers) leaves a break that
 * `npm run audit:verify` (verifyAuditChain) names.
 */
describe("the audit log's hash chain", () => {
  const context = { requestId: "r-1", ip: "203.0.113.9", userAgent: "Mozilla/5.0 (Chain test)" };

  /**
   * The chain is the whole platform's audit log: each story has a platform of its own (closed when
   * the story ends), a way to write to its log, and a DBA's way past the append-only trigger.
   */
  const ownChain = async () => {
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const write = (db: Db, action: string, details?: Record<string, unknown>) =>
      writeAudit(db, t.ctx.clock, context, { action, outcome: "success", ...(details ? { details } : {}) });
    /** As a DBA would: a superuser switches the append-only trigger off for one statement. */
    const asDba = async (statement: string) => {
      await t.ctx.db.transaction().execute(async (trx) => {
        await sql.raw(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`).execute(trx);
        await sql.raw(statement).execute(trx);
        await sql.raw(`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`).execute(trx);
      });
    };
    return { t, write, asDba };
  };

  it("chains each new row to the one before, keeping where it came from", async () => {
    const { t, write } = await ownChain();
    await write(t.ctx.db, "chain.first", { note: "é ü 漢字", nested: { b: 1, a: [true, null] } });
    await write(t.ctx.db, "chain.second");
    const rows = await t.ctx.db
      .selectFrom("auditLog")
      .select(["id", "action", "chainPosition", "hash", "userAgent", "ip"])
      .orderBy("chainPosition")
      .execute();
    const positions = rows.map((r) => r.chainPosition);
    expect(positions).toEqual(positions.map((_, i) => i + 1));
    const second = rows.at(-1)!;
    expect(second).toMatchObject({ action: "chain.second", userAgent: "Mozilla/5.0 (Chain test)", ip: "203.0.113.9" });
    const { rows: canon } = await sql<{ c: string }>`
      SELECT audit_log_canonical(a) AS c FROM audit_log a WHERE id = ${second.id}`.execute(t.ctx.db);
    expect(second.hash).toBe(chainHash(rows.at(-2)!.hash, canon[0]!.c));
    expect(canon[0]!.c).toContain('"chain.second"');
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: true, checked: rows.length, broken: null });
  });

  it("does not fork when many transactions append at once", async () => {
    const { t, write } = await ownChain();
    await write(t.ctx.db, "chain.first");
    const before = (await verifyAuditChain(t.ctx.db)).checked;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.ctx.db.transaction().execute(async (trx) => {
          await write(trx, "chain.concurrent", { i });
          await sql`SELECT pg_sleep(0.005)`.execute(trx);
          await write(trx, "chain.concurrent", { i, second: true });
        }),
      ),
    );
    const report = await verifyAuditChain(t.ctx.db);
    expect(report).toMatchObject({ ok: true, checked: before + 24 });
  });

  it("names the first changed row, then a removed row, after a DBA's edits", async () => {
    const { t, write, asDba } = await ownChain();
    // The changed row has rows before and after it.
    for (const action of ["chain.first", "chain.second", "chain.third"]) await write(t.ctx.db, action);
    const victim = await t.ctx.db
      .selectFrom("auditLog")
      .select(["id", "chainPosition"])
      .where("action", "=", "chain.second")
      .executeTakeFirstOrThrow();
    await asDba(`UPDATE audit_log SET actor_user_id = gen_random_uuid() WHERE id = ${victim.id}`);
    const changed = await verifyAuditChain(t.ctx.db);
    expect(changed.ok).toBe(false);
    expect(changed.broken).toMatchObject({ id: victim.id, position: victim.chainPosition });
    expect(changed.broken!.reason).toMatch(/changed/);
    expect(changed.checked).toBe(victim.chainPosition - 1);

    // Put it back as it was: the chain is whole again.
    await asDba(`UPDATE audit_log SET actor_user_id = NULL WHERE id = ${victim.id}`);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);

    // Re-hashing a changed row does not help: the next row no longer follows it.
    const { hash } = await t.ctx.db
      .selectFrom("auditLog")
      .select("hash")
      .where("id", "=", victim.id)
      .executeTakeFirstOrThrow();
    const previousHash = (
      await t.ctx.db
        .selectFrom("auditLog")
        .select("hash")
        .where("chainPosition", "=", victim.chainPosition - 1)
        .executeTakeFirstOrThrow()
    ).hash;
    await asDba(`UPDATE audit_log SET action = 'chain.rewritten' WHERE id = ${victim.id}`);
    const { rows: rewritten } = await sql<{ c: string }>`
      SELECT audit_log_canonical(a) AS c FROM audit_log a WHERE id = ${victim.id}`.execute(t.ctx.db);
    await asDba(`UPDATE audit_log SET hash = '${chainHash(previousHash, rewritten[0]!.c)}' WHERE id = ${victim.id}`);
    expect((await verifyAuditChain(t.ctx.db)).broken).toMatchObject({ position: victim.chainPosition + 1 });

    await asDba(`UPDATE audit_log SET action = 'chain.second', hash = '${hash}' WHERE id = ${victim.id}`);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });

  it("names missing last rows, then a gap where a row was deleted", async () => {
    const { t, write, asDba } = await ownChain();
    for (const action of ["gap.one", "gap.two", "gap.three"]) await write(t.ctx.db, action);
    const rows = await t.ctx.db
      .selectFrom("auditLog")
      .select(["id", "chainPosition"])
      .where("action", "like", "gap.%")
      .orderBy("chainPosition")
      .execute();
    await asDba(`DELETE FROM audit_log WHERE id = ${rows[2]!.id}`);
    expect((await verifyAuditChain(t.ctx.db)).broken).toMatchObject({
      id: null,
      position: rows[2]!.chainPosition,
      reason: expect.stringMatching(/last rows are missing/),
    });
    await asDba(`DELETE FROM audit_log WHERE id = ${rows[0]!.id}`);
    expect((await verifyAuditChain(t.ctx.db)).broken).toMatchObject({
      id: rows[1]!.id,
      reason: expect.stringMatching(/missing before this row/),
    });
  });
});

/** Rows written before migration 0015 are chained by it, in id order. */
describe("migration 0015 on an audit log that already has rows", () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      const name = `openpro_chain_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
      db = opened.db;
      close = async () => {
        await opened.close();
        const drop = new pg.Client({ connectionString: serverUrl });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      };
    } else {
      const opened = await openDatabase({ dataDir: "memory://" });
      db = opened.db;
      close = opened.close;
    }
  });
  afterAll(() => close());

  const migrateUpTo = async (last: string) => {
    const subset = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => subset } }).migrateToLatest();
    if (error) throw error;
  };

  it("gives the existing rows positions and hashes in id order, and new rows follow them", async () => {
    await migrateUpTo("0014-~");
    for (const action of ["old.one", "old.two", "old.three"]) {
      await sql`INSERT INTO audit_log (at, action, outcome, details)
                VALUES (now(), ${action}, 'success', ${JSON.stringify({ action })}::jsonb)`.execute(db);
    }
    await migrateUpTo("0015-audit-chain");
    await writeAudit(db, { now: () => new Date() } as never, {}, { action: "new.one", outcome: "success" });
    const rows = await db.selectFrom("auditLog").select(["action", "chainPosition"]).orderBy("id").execute();
    expect(rows).toEqual([
      { action: "old.one", chainPosition: 1 },
      { action: "old.two", chainPosition: 2 },
      { action: "old.three", chainPosition: 3 },
      { action: "new.one", chainPosition: 4 },
    ]);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, checked: 4 });
  });
});
