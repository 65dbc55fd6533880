import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { migrateToLatest, openDatabase } from "../src/db/kysely.js";
import { SNAPSHOT_ENV, TEMPLATE_ENV } from "./fresh-database.js";

/**
 * Runs once before the server tests: migrates one database and keeps it as the starting point of
 * every test file's fresh database. On PGlite that is a dump of the data folder (loading it skips
 * initdb and the migrations, about 3 s a file on a 2-core machine); on PostgreSQL a template
 * database that `CREATE DATABASE … TEMPLATE` copies. Each file still gets a database of its own.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: "memory://" });
    await migrateToLatest(database.db);
    const dump = await database.dump!();
    await database.close();
    const folder = mkdtempSync(join(tmpdir(), "openpro-test-snapshot-"));
    const file = join(folder, "migrated.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[SNAPSHOT_ENV] = file;
    return async () => rmSync(folder, { recursive: true, force: true });
  }
  const template = `openpro_template_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
  await migrateToLatest(database.db);
  await database.close();
  process.env[TEMPLATE_ENV] = template;
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}
