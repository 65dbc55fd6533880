import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";

const repoRoot = resolve(import.meta.dirname, "../..");

/** Set by e2e/support/global-setup.ts: a product that has seeded its demo data once, kept to copy. */
export const SEEDED_DATA_DIR_ENV = "E2E_SEEDED_DATA_DIR";
export const SEEDED_DATABASE_ENV = "E2E_SEEDED_DATABASE";

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });

/**
 * The built product as a user gets it: the server serving the built web app,
 * on a fresh embedded database (or a fresh database on DATABASE_URL's server), with demo data.
 */
export class Product {
  baseUrl = "";
  output = "";
  #child: ChildProcess | undefined;
  #dataDir = mkdtempSync(join(tmpdir(), "openpro-e2e-"));
  #databaseName: string | undefined;

  async start(env: Record<string, string>): Promise<void> {
    const port = await freePort();
    this.baseUrl = `http://127.0.0.1:${port}`;
    let databaseUrl: string | undefined;
    // Each journey gets its own database; where the run seeded one already, a copy of it
    // (seeding the demo programs' months of data is the slowest part of a start).
    const seededDatabase = process.env[SEEDED_DATABASE_ENV];
    const seededDataDir = process.env[SEEDED_DATA_DIR_ENV];
    if (!process.env.DATABASE_URL && seededDataDir) cpSync(seededDataDir, this.#dataDir, { recursive: true });
    if (process.env.DATABASE_URL) {
      this.#databaseName = `openpro_e2e_${randomBytes(5).toString("hex")}`;
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`CREATE DATABASE ${this.#databaseName}${seededDatabase ? ` TEMPLATE ${seededDatabase}` : ""}`);
      await client.end();
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${this.#databaseName}`;
      databaseUrl = url.toString();
    }
    // `npm run test:e2e` builds first and runs the compiled server, as `npm start` does (and starts
    // it twice as fast); a journey run by hand during development runs the sources through tsx.
    const entry = process.env.E2E_COMPILED_SERVER
      ? ["--enable-source-maps", "apps/server/dist/main.js"]
      : ["--import", "tsx", "apps/server/src/main.ts"];
    this.#child = spawn(process.execPath, entry, {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "/tmp",
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: this.#dataDir,
        DEMO_DATA: "on",
        PUBLIC_URL: this.baseUrl,
        JOB_POLL_MS: "200",
        LOG_LEVEL: "warn",
        // Our own placeholder wording (never the licensed text): the journeys schedule and answer
        // EQ-5D, FACT-G and the EORTC forms, which are delivered only with wording installed (HAZ-008).
        LICENSED_WORDING_FILE: resolve(repoRoot, "apps/server/test/fixtures/placeholder-licensed-wording.json"),
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.#child.stdout?.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    this.#child.stderr?.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    // Generous: on a loaded 2-core machine a start has taken over 100 s.
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (this.#child.exitCode !== null) throw new Error(`The server exited:\n${this.output}`);
      try {
        const response = await fetch(`${this.baseUrl}/api/v1/healthz`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`The server did not start:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Stops the server and keeps its data (the embedded folder or the database name) for copies. */
  async stopAndKeep(): Promise<{ dataDir: string; databaseName: string | undefined }> {
    await this.#stopServer();
    return { dataDir: this.#dataDir, databaseName: this.#databaseName };
  }

  async stop(): Promise<void> {
    await this.#stopServer();
    rmSync(this.#dataDir, { recursive: true, force: true });
    if (this.#databaseName && process.env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${this.#databaseName} WITH (FORCE)`);
      await client.end();
    }
  }

  async #stopServer(): Promise<void> {
    const child = this.#child;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }
}
