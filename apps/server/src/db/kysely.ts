import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { migrations } from "./migrations/index.js";
import type { Database } from "./schema.js";

export type Db = Kysely<Database>;

const INT8_OID = 20;
const DATE_OID = 1082;

export interface OpenedDatabase {
  db: Db;
  kind: "postgres" | "pglite";
  /** Cheap round trip used by the health check. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; "memory://" for a throw-away one. */
  dataDir: string;
  onPoolError?: (error: Error) => void;
}

/** A server through DATABASE_URL, else PGlite in DATA_DIR: same SQL, same migrations. */
export const openDatabase = async (options: OpenDatabaseOptions): Promise<OpenedDatabase> => {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const types = {
      getTypeParser: (oid: number, format?: unknown) => {
        if (oid === INT8_OID) return (value: string) => Number(value);
        if (oid === DATE_OID) return (value: string) => value;
        return pg.types.getTypeParser(oid, format as "text");
      },
    };
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, types });
    // Without a listener an idle client's error (database restart) would crash the process.
    pool.on("error", (error) => options.onPoolError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return {
      db,
      kind: "postgres",
      ping: async () => {
        try {
          await pool.query("SELECT 1");
          return true;
        } catch {
          return false;
        }
      },
      close: () => db.destroy(),
    };
  }
  const inMemory = options.dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(inMemory ? undefined : `${options.dataDir}/pgdata`, {
    parsers: { [INT8_OID]: (value: string) => Number(value), [DATE_OID]: (value: string) => value },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
  return {
    db,
    kind: "pglite",
    ping: async () => !pglite.closed,
    close: () => db.destroy(),
  };
};

export const migrateToLatest = async (db: Db): Promise<void> => {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String((error as Error)?.message ?? error)}`);
  }
};
