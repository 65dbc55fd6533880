import { createHash } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, statfsSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, type RawBuilder, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { migrations } from "./migrations/index.js";
import type { Database } from "./schema.js";

export type Db = Kysely<Database>;
/** A part of an SQL statement one module hands another (a WITH query, an expression), written in a queries.ts. */
export type SqlFragment = RawBuilder<unknown>;

const INT8_OID = 20;
const DATE_OID = 1082;

export interface OpenedDatabase {
  db: Db;
  kind: "postgres" | "pglite";
  /** Cheap round trip used by the health check. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, to start other databases from (tests). */
  dump?(): Promise<Blob>;
  /** PostgreSQL only: the node-postgres pool's use, for the metrics (PGlite has one in-process connection). */
  pool?: DatabasePool;
}

/** How full the connection pool is, and how long each checkout waited for a connection. */
export interface DatabasePool {
  use(): { open: number; idle: number; waiting: number; max: number };
  /** Called with each checkout's wait in seconds; the first listener starts the timing (none: no cost). */
  onCheckout(listener: (waitSeconds: number) => void): void;
}

/** Times pool.connect (both its promise and its callback form: pool.query uses the callback). */
const timedCheckouts = (pool: pg.Pool): DatabasePool["onCheckout"] => {
  const listeners: ((waitSeconds: number) => void)[] = [];
  return (listener) => {
    listeners.push(listener);
    if (listeners.length > 1) return;
    const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
    (pool as { connect: unknown }).connect = (callback?: (error: unknown, ...rest: unknown[]) => void) => {
      const started = performance.now();
      const waited = () => {
        const seconds = (performance.now() - started) / 1000;
        for (const each of listeners) each(seconds);
      };
      if (typeof callback === "function")
        return connect((error: unknown, ...rest: unknown[]) => {
          if (!error) waited();
          callback(error, ...rest);
        });
      return (connect() as Promise<pg.PoolClient>).then((client) => {
        waited();
        return client;
      });
    };
  };
};

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; "memory://" for a throw-away one. */
  dataDir: string;
  /** PGlite in memory only: start from this dumped data folder instead of an empty one. */
  loadDataDir?: Blob;
  onPoolError?: (error: Error) => void;
}

/**
 * PGlite in a folder it cannot write fails deep inside with "PGlite failed to initialize properly"
 * (or later, on the first write). Say what is wrong before opening, in one line, and touch nothing.
 */
export const assertWritableDataDir = (dataDir: string): void => {
  const pgdata = `${dataDir}/pgdata`;
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
    if (existsSync(pgdata)) accessSync(pgdata, constants.W_OK);
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new Error(
      `DATA_DIR ${dataDir} cannot be written (${code}): give the server's user write access to it, or set DATA_DIR to another folder`,
    );
  }
};

/**
 * Marks a statement to be prepared on each connection of a PostgreSQL server: parsed and planned
 * once there, then only executed (the server may keep a generic plan). For the few large
 * statements run on every request whose planning is a visible part of their time: the 6-month
 * participant report plans in ~1.5 ms of its ~15. Harmless on PGlite.
 */
const PREPARED_TEXT = "/* prepared */ ";
export const PREPARED = sql.raw(PREPARED_TEXT);

/**
 * Kysely sends every statement unnamed (parsed and planned each time). A statement that starts
 * with PREPARED goes as a named prepared statement instead, named after its text: another text
 * (another variant of the statement) is another statement, never a clash.
 */
const prepareMarkedStatements = (client: pg.PoolClient) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config !== "string" || !config.startsWith(PREPARED_TEXT) || typeof values === "function")
      return query(config, values, callback);
    let name = names.get(config);
    if (!name) {
      name = `openpro_${createHash("sha256").update(config).digest("hex").slice(0, 24)}`;
      names.set(config, name);
    }
    return callback === undefined
      ? query({ name, text: config, values })
      : query({ name, text: config, values }, callback);
  };
};

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
    // A connection attempt gives up after 5 s: while the database is away a request answers 503, never hangs.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, types, connectionTimeoutMillis: 5000 });
    // Without a listener an idle client's error (database restart) would crash the process.
    pool.on("error", (error) => options.onPoolError?.(error));
    // The pool listens only while a client is idle: a client checked out (inside a transaction,
    // between two statements) whose connection dies would emit 'error' to nobody and end the
    // process. This listener stays; the broken client is not queryable and the pool drops it.
    pool.on("connect", (client) => {
      client.on("error", (error) => options.onPoolError?.(error));
      prepareMarkedStatements(client);
      // No JIT compilation: our statements are short, and the planner's estimate for a patient with
      // unusually many logs crosses jit_above_cost, where compiling costs more than running (a
      // 6-month report of 160,000 logs: 3.7 s with JIT, 2.4 s without, on a 2-core machine).
      // A SET rather than a startup option, which connection poolers (PgBouncer) refuse.
      // Queued before the client's first statement; a server without JIT answers an error we ignore.
      client.query("SET jit = off").catch(() => undefined);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return {
      db,
      kind: "postgres",
      pool: {
        use: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
        onCheckout: timedCheckouts(pool),
      },
      ping: async () => {
        try {
          await pool.query("SELECT 1");
          return true;
        } catch {
          return false;
        }
      },
      // Kysely ends the pool only if it ever ran a query through it (a test database copied from
      // a template may not have): end it here as well.
      close: async () => {
        await db.destroy();
        if (!pool.ended) await pool.end();
      },
    };
  }
  const inMemory = options.dataDir.startsWith("memory://");
  if (!inMemory) assertWritableDataDir(options.dataDir);
  const pglite = await PGlite.create(inMemory ? undefined : `${options.dataDir}/pgdata`, {
    ...(inMemory && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [INT8_OID]: (value: string) => Number(value), [DATE_OID]: (value: string) => value },
  }).catch((error: unknown) => {
    if (inMemory) throw error;
    // PGlite's own error often carries no message: name the full disk when that is the cause.
    const { bavail, bsize } = statfsSync(options.dataDir);
    const free = bavail * bsize;
    const cause =
      free < 16 * 1024 * 1024
        ? `the disk is full: ${(free / 1024 / 1024).toFixed(1)} MB free`
        : ((error as Error | undefined)?.message ?? String(error));
    throw new Error(
      `DATA_DIR ${options.dataDir}: the database could not be opened (${cause}). Is the disk full, or is another OpenPRO using this folder?`,
    );
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
  return {
    db,
    kind: "pglite",
    ping: async () => !pglite.closed,
    // Kysely closes PGlite only if it ever ran a query through it; a database opened from a
    // snapshot may not have, so close it here as well.
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
    dump: () => pglite.dumpDataDir("none"),
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
