import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { PREPARED } from "./kysely.js";

/** A statement marked PREPARED answers as any other, and on PostgreSQL is prepared once per connection. */
describe("statements marked PREPARED", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const doubled = (n: number) => sql<{ doubled: number }>`${PREPARED}SELECT ${n}::int * 2 AS doubled`;
  const fortyTwo = sql<{ answer: number }>`${PREPARED}SELECT 42 AS answer`;

  it("answers with each call's own values, and a variant of the text is a statement of its own", async () => {
    await t.ctx.db.transaction().execute(async (trx) => {
      expect((await doubled(2).execute(trx)).rows).toEqual([{ doubled: 4 }]);
      expect((await doubled(21).execute(trx)).rows).toEqual([{ doubled: 42 }]);
      expect((await fortyTwo.execute(trx)).rows).toEqual([{ answer: 42 }]);
      if (t.database.kind !== "postgres") return;
      // The same connection (one transaction): two texts, two prepared statements, each once.
      const prepared = await sql<{ statement: string }>`
        SELECT statement FROM pg_prepared_statements WHERE name LIKE 'openpro\\_%' ORDER BY statement`.execute(trx);
      expect(prepared.rows.map((r) => r.statement)).toEqual([
        "/* prepared */ SELECT $1::int * 2 AS doubled",
        "/* prepared */ SELECT 42 AS answer",
      ]);
    });
  });
});

/** The pool's connections run without JIT compilation (see openDatabase), each of them. */
describe("database connections", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("compile no statement just in time, on every connection of the pool", async () => {
    // Two transactions open at once hold two connections on a server (the embedded database's one, in turn).
    const settings = await Promise.all(
      [1, 2].map(() =>
        t.ctx.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ jit: string; available: boolean; pid: number }>`
            SELECT current_setting('jit') AS jit, pg_jit_available() AS available, pg_backend_pid() AS pid,
              pg_sleep(0.05)::text`.execute(trx);
          return rows[0]!;
        }),
      ),
    );
    if (t.database.kind === "postgres") {
      expect(settings.map((s) => s.jit)).toEqual(["off", "off"]);
      expect(new Set(settings.map((s) => s.pid)).size).toBe(2);
    } else {
      // The embedded database is built without JIT: its setting says on, and nothing can compile.
      expect(settings.map((s) => s.available)).toEqual([false, false]);
    }
  });
});
