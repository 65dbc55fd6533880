import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";
import pg from "pg";

/**
 * The real product as a child process (`node --import tsx apps/server/src/main.ts`), and a
 * throw-away PostgreSQL cluster of our own, for the fault benchmarks: both can be killed,
 * stopped and started without touching anything anyone else uses.
 */

export const repoRoot = resolve(import.meta.dirname, "../..");
export const DEMO_PASSWORD = "Clinic-Demo-2026!";

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field
  body: any;
  ms: number;
}

/** One HTTP call; a network failure or the time limit is status 0 (the text in body). */
export const call = async (
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> => {
  const start = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: response.status, body, ms: performance.now() - start };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: 0, body: `${(error as Error).name}${cause ? ` ${cause}` : ""}`, ms: performance.now() - start };
  }
};

export class ServerProcess {
  output = "";
  exitCode: number | null = null;
  #child: ChildProcess | undefined;
  #exited: Promise<number | null> = Promise.resolve(null);

  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
    /** Extra options for node itself (`--cpu-prof` to profile the server under load). */
    readonly nodeArgs: string[] = [],
  ) {}

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  get alive() {
    return !!this.#child && this.exitCode === null;
  }

  get pid() {
    return this.#child?.pid;
  }

  /** Starts the process; resolves when /healthz answers 200, rejects when it exits first. */
  async start(options: { uid?: number; gid?: number; waitForHealth?: boolean; timeoutMs?: number } = {}) {
    this.exitCode = null;
    const child = spawn(process.execPath, [...this.nodeArgs, "--import", "tsx", "apps/server/src/main.ts"], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: "/tmp",
        NODE_ENV: "development",
        PORT: String(this.port),
        HOST: "127.0.0.1",
        JOB_POLL_MS: "100",
        LOG_LEVEL: "warn",
        DEMO_DATA: "on",
        PUBLIC_URL: `http://127.0.0.1:${this.port}`,
        JWT_SECRET: "faults-bench-secret-0123456789-abcdefghijklmnop",
        ...this.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid ?? options.uid } : {}),
    });
    this.#child = child;
    child.stdout?.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    this.#exited = new Promise((done) =>
      child.once("exit", (code, signal) => {
        this.exitCode = code ?? (signal ? 128 : -1);
        done(this.exitCode);
      }),
    );
    if (options.waitForHealth === false) return;
    const deadline = Date.now() + (options.timeoutMs ?? 180_000);
    for (;;) {
      if (this.exitCode !== null) throw new Error(`the server exited (${this.exitCode}):\n${this.output.slice(-2000)}`);
      const health = await call(this.baseUrl, "GET", "/api/v1/healthz", { timeoutMs: 2000 });
      if (health.status === 200) return;
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${this.output.slice(-2000)}`);
      await sleep(200);
    }
  }

  /** Waits for the process to end (at most timeoutMs); its exit code, or null when it did not end. */
  async waitForExit(timeoutMs = 30_000): Promise<number | null> {
    return Promise.race([this.#exited, sleep(timeoutMs).then(() => null)]);
  }

  signal(signal: NodeJS.Signals) {
    if (this.alive) this.#child!.kill(signal);
  }

  async stop() {
    if (!this.alive) return;
    this.signal("SIGTERM");
    if ((await this.waitForExit(20_000)) === null) {
      this.signal("SIGKILL");
      await this.waitForExit(5000);
    }
  }

  /** The newest code e-mailed to someone (from the console outbox), after `from` characters of output. */
  async codeFor(email: string, from: number, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = this.output.slice(from);
      const parts = text.split("[outbox] To: ").filter((part) => part.startsWith(email.toLowerCase()));
      const match = parts.at(-1)?.match(/Your code: ([A-Z0-9]+)/);
      if (match) return match[1]!;
      if (Date.now() > deadline) throw new Error(`no code was e-mailed to ${email}`);
      await sleep(50);
    }
  }

  /** Staff sign-in through the real endpoints: password, then the code from the console outbox. */
  async staffSignIn(email: string, password = DEMO_PASSWORD): Promise<{ accessToken: string; refreshToken: string }> {
    const from = this.output.length;
    const login = await call(this.baseUrl, "POST", "/api/v2/auth/login", {
      body: { email, password, scope: "clinical" },
    });
    if (login.status !== 200) throw new Error(`login of ${email}: ${login.status} ${JSON.stringify(login.body)}`);
    const code = await this.codeFor(email, from);
    const verify = await call(this.baseUrl, "POST", "/api/v2/auth/signin/email/verify_otp", {
      token: login.body.accessToken,
      body: { otpCode: code },
    });
    if (verify.status !== 200) throw new Error(`code of ${email}: ${verify.status}`);
    return { accessToken: login.body.accessToken, refreshToken: login.body.refreshToken };
  }
}

/** A consented demo patient with data (program, patient id, app token), found as a nurse would. */
export const demoPatient = async (server: ServerProcess) => {
  const nurse = await server.staffSignIn("nurse@openpro.demo");
  const programs = await call(server.baseUrl, "GET", "/api/v1/admin/projects?_perPage=50", {
    token: nurse.accessToken,
  });
  const list = (programs.body?.results ?? []) as { projectId: string; name: string }[];
  // The Breast program has months of data: the report has something to show.
  list.sort((x, y) => Number(y.name.includes("Breast")) - Number(x.name.includes("Breast")));
  for (const program of list.map((p) => ({ id: p.projectId }))) {
    const consented = await call(
      server.baseUrl,
      "GET",
      `/api/v1/admin/projects/${program.id}/users?statuses=CONSENTED&_perPage=50`,
      { token: nurse.accessToken },
    );
    const rows = (consented.body?.results ?? []) as { id: string; email: string; inviteAccepted: boolean }[];
    for (const patient of rows.filter((p) => p.inviteAccepted)) {
      const login = await call(server.baseUrl, "POST", "/api/v2/auth/login", {
        body: { email: patient.email, password: DEMO_PASSWORD, scope: "patient" },
      });
      if (login.status === 200)
        return {
          programId: program.id,
          email: patient.email,
          patientToken: login.body.accessToken as string,
          nurseToken: nurse.accessToken,
          userId: patient.id,
        };
    }
  }
  throw new Error("no consented demo patient could sign in");
};

/** A PostgreSQL cluster of our own on a free port, under a temporary folder, owned by `postgres` when we are root. */
export class ThrowawayCluster {
  port = 0;
  readonly dir = `/tmp/openpro-faults-pg-${process.pid}`;
  #asPostgres = process.getuid?.() === 0;

  #bin(name: string) {
    const root = "/usr/lib/postgresql";
    const versions = existsSync(root) ? readdirSync(root).sort().reverse() : [];
    for (const v of versions) if (existsSync(`${root}/${v}/bin/${name}`)) return `${root}/${v}/bin/${name}`;
    return name;
  }

  #run(name: string, args: string[]) {
    const bin = this.#bin(name);
    return this.#asPostgres
      ? execFileSync("runuser", ["-u", "postgres", "--", bin, ...args], { stdio: "pipe" })
      : execFileSync(bin, args, { stdio: "pipe" });
  }

  async create() {
    this.port = await freePort();
    execFileSync("mkdir", ["-p", this.dir]);
    if (this.#asPostgres) execFileSync("chown", ["postgres", this.dir]);
    this.#run("initdb", ["-D", `${this.dir}/data`, "-U", "postgres", "--auth=trust", "--no-sync"]);
    this.start();
  }

  start() {
    this.#run("pg_ctl", [
      "-D",
      `${this.dir}/data`,
      "-l",
      `${this.dir}/log`,
      "-o",
      `-p ${this.port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200`,
      "-w",
      "start",
    ]);
  }

  stop(mode: "fast" | "immediate" = "fast") {
    this.#run("pg_ctl", ["-D", `${this.dir}/data`, "-m", mode, "-w", "stop"]);
  }

  url(database = "postgres") {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async createDatabase(name: string): Promise<string> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    return this.url(name);
  }

  destroy() {
    try {
      this.stop("immediate");
    } catch {
      // already stopped
    }
    execFileSync("rm", ["-rf", this.dir]);
  }
}
