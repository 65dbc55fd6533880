import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { migrateToLatest, type OpenedDatabase, openDatabase } from "../src/db/kysely.js";

/** Set by test/global-setup.ts when the test run prepared a migrated starting point. */
export const SNAPSHOT_ENV = "OPENPRO_TEST_PGLITE_SNAPSHOT";
export const TEMPLATE_ENV = "OPENPRO_TEST_TEMPLATE_DATABASE";

let snapshot: Blob | undefined;

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database
 * on the PostgreSQL server of DATABASE_URL (dropped again by `drop`). Under the test runner it
 * starts from the migrated copy the global setup made; elsewhere (the bench) it migrates itself.
 */
export const openFreshDatabase = async (): Promise<{ database: OpenedDatabase; drop: () => Promise<void> }> => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const snapshotFile = process.env[SNAPSHOT_ENV];
    if (snapshotFile) snapshot ??= new Blob([readFileSync(snapshotFile)]);
    const database = await openDatabase({ dataDir: "memory://", ...(snapshot ? { loadDataDir: snapshot } : {}) });
    if (!snapshot) await migrateToLatest(database.db);
    return { database, drop: async () => {} };
  }
  const template = process.env[TEMPLATE_ENV];
  const name = `openpro_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
  if (!template) await migrateToLatest(database.db);
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
};
