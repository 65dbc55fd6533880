import fc from "fast-check";
import { sql } from "kysely";
import { type RegisteredRoute, registeredRoutes } from "../../src/platform/http/route.js";
import { acceptInvite, addPatient, giveConsent, newPatient } from "../patients.js";
import { addToOrganisation, addToProgram, insertOrganisation, insertProgram } from "../teams.js";
import { signIn, type TestApp } from "../test-app.js";

/**
 * A fuzzer driven by the OpenAPI document the app serves: for every operation, generated path ids,
 * query strings and bodies full of what breaks servers (wrong types, huge strings, NUL and other
 * control characters, lone surrogates, deep nesting, prototype-pollution keys, impossible dates,
 * numbers beyond 2^53). Every answer must be below 500, leak no stack, SQL or file path, and carry
 * a human message when it refuses; refused requests must leave the database as it was.
 */

export interface FuzzFixtures {
  programId: string;
  organisationId: string;
  staffToken: string;
  patientToken: string;
}

export const buildFuzzFixtures = async (t: TestApp): Promise<FuzzFixtures> => {
  const organisationId = await insertOrganisation(t, "Fuzz organisation");
  const programId = await insertProgram(t, { organisationId, name: "Fuzz program" });
  const adminId = await t.createStaff({ email: "fuzz-admin@fuzz.test", role: "superadmin" });
  await addToOrganisation(t, adminId, organisationId, "superadmin");
  await addToProgram(t, adminId, programId, "superadmin");
  const { accessToken } = await signIn(t, "fuzz-admin@fuzz.test");
  const added = await addPatient(t, accessToken, newPatient(programId, { email: "fuzz-patient@fuzz.test" }));
  if (added.statusCode !== 201) throw new Error(`enrolment failed: ${added.statusCode} ${added.body}`);
  const patientToken = await acceptInvite(t, "fuzz-patient@fuzz.test");
  await giveConsent(t, patientToken, programId);
  return { programId, organisationId, staffToken: accessToken, patientToken };
};

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
}
interface Operation {
  method: string;
  /** As served, with `:name` segments. */
  path: string;
  pathParams: string[];
  queryParams: OpenApiParameter[];
  bodyFields: Record<string, JsonSchema> | null;
  hasBody: boolean;
  route: RegisteredRoute | undefined;
}

/** The operations of the app's OpenAPI document, each matched to its registration (for the caller). */
export const operationsOf = (t: TestApp): Operation[] => {
  const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
  const routes = new Map(registeredRoutes(t.ctx).map((r) => [`${r.endpoint.method} ${r.url}`, r]));
  const operations: Operation[] = [];
  for (const [openApiPath, item] of Object.entries(document.paths)) {
    const path = openApiPath.replace(/\{([^}]+)\}/g, ":$1");
    for (const [method, operation] of Object.entries(item)) {
      const upper = method.toUpperCase();
      if (!["GET", "POST", "PUT", "PATCH", "DELETE"].includes(upper)) continue;
      const parameters = (operation.parameters ?? []) as OpenApiParameter[];
      const body = (operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content?.["application/json"]?.schema;
      operations.push({
        method: upper,
        path,
        pathParams: parameters.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === "query"),
        bodyFields: body?.properties ?? null,
        hasBody: !!body,
        route: routes.get(`${upper} ${path}`),
      });
    }
  }
  return operations;
};

const TWO_53 = 2 ** 53;
/** Very deep nesting, kept as JSON text: serialising it again would overflow this process's stack. */
class RawJson {
  constructor(readonly text: string) {}
}
const deepArray = (depth: number) => new RawJson(`${"[".repeat(depth)}"x"${"]".repeat(depth)}`);
const deepObject = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}"x"${"}".repeat(depth)}`);
const toJson = (value: unknown): string => (value instanceof RawJson ? value.text : (JSON.stringify(value) ?? "null"));
const HUGE = "x".repeat(100_000);

/** Strings people never type and servers choke on. */
const hostileString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "a\u0000b",
    "\u0000",
    "bell\u0007",
    "esc\u001b[31m",
    "del\u007f",
    "\ud800",
    "x\udc00y",
    "\u202eevil",
    "😀🏥",
    "2026-02-30",
    "2026-13-01",
    "0000-00-00",
    "2026-02-29T25:61:61Z",
    "NaN",
    "Infinity",
    "-0",
    "1e400",
    "9007199254740993",
    "'; DROP TABLE users; --",
    "' OR '1'='1",
    "../../../etc/passwd",
    "%00",
    "<script>alert(1)</script>",
    "$" + "{7*7}",
    "__proto__",
    "constructor",
    "00000000-0000-4000-8000-000000000000",
    "00000000-0000-0000-0000-00000000000g",
    HUGE,
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 4 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(TWO_53 + 2, -TWO_53 - 2, 1e308, -1e308, 5e-324, -0, 0, -1, 2 ** 31, 2 ** 63),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileScalar = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
);

/** Any JSON value, nested, including the keys that pollute prototypes and very deep nesting. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("__proto__", "constructor", "prototype", "a"), hostileScalar) },
  { weight: 1, arbitrary: fc.constantFrom(deepArray(5_000), deepObject(5_000), [], {}, { polluted: true }) },
);

/** A value of the field's own type (so that the other fields' hostility reaches validation or the service). */
const plausible = (schema: JsonSchema | undefined): fc.Arbitrary<unknown> => {
  if (schema?.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === "integer" || type === "number") return fc.constantFrom(1, 10, 100);
  if (type === "boolean") return fc.boolean();
  if (type === "array") return fc.constantFrom([], ["Sample"]);
  if (type === "object") return fc.constant({});
  return fc.constantFrom("Sample", "2026-01-15", "00000000-0000-4000-8000-000000000000", "someone@example.test");
};

/** Percent-encoding that also carries lone surrogates (as their WTF-8 bytes), which encodeURIComponent refuses. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          const code = ch.charCodeAt(0);
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join("");
        }
      })
      .join("");
  }
};

interface FuzzCase {
  url: string;
  payload: string | undefined;
}

export const caseArbitrary = (operation: Operation, fixtures: FuzzFixtures): fc.Arbitrary<FuzzCase> => {
  const ownId = (name: string) =>
    name === "projectId" ? fixtures.programId : name === "organisationId" ? fixtures.organisationId : undefined;
  const pathValue = (name: string) => {
    const own = ownId(name);
    const hostile = hostileScalar.map((v) => String(v));
    return own ? fc.oneof({ weight: 3, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: hostile }) : hostile;
  };
  const params = fc.tuple(...operation.pathParams.map(pathValue));
  const queryEntries = fc.tuple(
    ...operation.queryParams.map((p) =>
      fc.oneof(
        fc.constant<string[]>([]),
        plausible(p.schema).map((v) => [String(v)]),
        (ownId(p.name) ? fc.constant([ownId(p.name)!]) : plausible(p.schema).map((v) => [String(v)])) as fc.Arbitrary<
          string[]
        >,
        hostileScalar.map((v) => [String(v)]),
        fc.array(hostileString, { minLength: 2, maxLength: 3 }),
      ),
    ),
  );
  const extraQuery = fc.array(
    fc.tuple(fc.constantFrom("__proto__", "constructor", "_page", "x[y]", "a.b"), hostileString),
    {
      maxLength: 2,
    },
  );
  const fields = operation.bodyFields;
  const objectBody = fields
    ? fc
        .tuple(
          fc.record(
            Object.fromEntries(
              Object.entries(fields).map(([name, schema]) => [
                name,
                fc.oneof(
                  { weight: 2, arbitrary: ownId(name) ? fc.constant(ownId(name)) : plausible(schema) },
                  { weight: 2, arbitrary: hostileValue },
                ),
              ]),
            ),
            { requiredKeys: [] },
          ),
          fc.array(fc.tuple(fc.constantFrom("__proto__", "constructor", "prototype", "extra"), hostileValue), {
            maxLength: 2,
          }),
        )
        .map(([record, extras]) => {
          // Built as JSON text so that "__proto__" stays an own key, as a client would send it.
          const entries = [...Object.entries(record), ...extras].map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`);
          return `{${entries.join(",")}}`;
        })
    : fc.constant("{}");
  const body = operation.hasBody
    ? fc.oneof(
        { weight: 6, arbitrary: objectBody },
        { weight: 1, arbitrary: hostileValue.map(toJson) },
        { weight: 1, arbitrary: fc.constantFrom("{", "not json", "\u0000", `{"a":1}{"b":2}`, "[]") },
      )
    : fc.constant(undefined);
  return fc.tuple(params, queryEntries, extraQuery, body).map(([paramValues, queryValues, extras, payload]) => {
    let i = 0;
    const path = operation.path.replace(/:([A-Za-z]+)/g, () => encode(String(paramValues[i++])));
    const pairs: string[] = [];
    operation.queryParams.forEach((p, index) => {
      for (const value of queryValues[index] ?? []) pairs.push(`${encode(p.name)}=${encode(value)}`);
    });
    for (const [key, value] of extras) pairs.push(`${encode(key)}=${encode(value)}`);
    return { url: pairs.length ? `${path}?${pairs.join("&")}` : path, payload };
  });
};

/** Anything that tells an attacker how the server is built. */
const LEAKS: [string, RegExp][] = [
  ["stack trace", /\n\s+at\s|\bat [\w.<>]+ \(|[A-Za-z]+Error: /],
  [
    "SQL",
    /\b(select|insert into|update|delete from)\b[\s\S]{1,80}\b(from|where|set|values)\b|syntax error at or near|violates [\w ]*constraint|relation "|column "|\bSQLSTATE\b|invalid byte sequence|invalid input syntax/i,
  ],
  ["file path", /(\/(work|home|usr|opt|app|srv|tmp)\/[\w.-]+\/)|node_modules|\.(ts|js|mjs):\d+/],
];

/** zod's and Fastify's own texts: a person must never read these. */
const LIBRARY_DEFAULT =
  /Invalid input|expected [a-z]+, received|Too (small|big):|Invalid (string|option|enum|type|element|key|union|date|uuid|email)|Unrecognized keys?|must have required property|must NOT have|must match (pattern|format)|must be equal to one of|querystring\/|body\/|params\//;

/** The human text of a refusal: `message`, or a FHIR OperationOutcome's diagnostics (that API's own error shape). */
const refusalTexts = (body: {
  message?: unknown;
  errors?: { message?: unknown }[];
  resourceType?: unknown;
  issue?: { diagnostics?: unknown }[];
}): unknown[] =>
  body.resourceType === "OperationOutcome"
    ? (body.issue ?? []).map((i) => i.diagnostics)
    : [body.message, ...(body.errors ?? []).map((e) => e.message)];

export interface OperationResult {
  operation: string;
  cases: number;
  serverErrors: string[];
  leaks: string[];
  badMessages: string[];
  /** Batches made only of refused requests after which the database differed. */
  changedByRefusals: string[];
  refusedBatchesChecked: number;
  ms: number;
  /** Cases that took over two seconds (printed, not asserted: a loaded machine is slow too). */
  slow: string[];
}

/** Row count and md5 of every table's rows (ordered), in one statement. */
export const databaseChecksum = async (t: TestApp, ignore: readonly string[]): Promise<Map<string, string>> => {
  const tables = (
    await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(t.ctx.db)
  ).rows
    .map((r) => r.name)
    .filter((name) => !ignore.includes(name) && /^[a-z_][a-z0-9_]*$/.test(name));
  const parts = tables.map(
    (name) =>
      `SELECT '${name}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(r::text, '|' ORDER BY r::text)), '') AS sum FROM "${name}" r`,
  );
  const result = await sql<{ name: string; sum: string }>`${sql.raw(parts.join(" UNION ALL "))}`.execute(t.ctx.db);
  return new Map(result.rows.map((r) => [r.name, r.sum]));
};

/**
 * Tables a refused request may write by design: the audit log (refusals are audited), its chain
 * head, the guessing counters (rate limits, a one-time code's wrong tries) — and the sessions
 * table, whose last-seen time moves with every authenticated request.
 */
export const CHANGED_BY_DESIGN = [
  "audit_log",
  "audit_chain_head",
  "rate_limit_counters",
  "one_time_codes",
  "sessions",
  "kysely_migration",
  "kysely_migration_lock",
];

const differences = (before: Map<string, string>, after: Map<string, string>) =>
  [...after].filter(([name, sum]) => before.get(name) !== sum).map(([name]) => name);

/** Routes whose success would end what later operations stand on: fuzzed last. */
const endsThings = (operation: Operation) =>
  operation.path.endsWith("/auth/logout")
    ? 2
    : operation.method === "DELETE" || operation.path.endsWith("/end")
      ? 1
      : 0;

export const runFuzz = async (
  t: TestApp,
  fixtures: FuzzFixtures,
  options: { casesPerOperation: number; seed: number; batch?: number; onOperation?: (r: OperationResult) => void },
): Promise<OperationResult[]> => {
  const operations = operationsOf(t).filter((o) => o.route);
  operations.sort((a, b) => endsThings(a) - endsThings(b));
  const batch = options.batch ?? 25;
  const results: OperationResult[] = [];
  let seed = options.seed;
  for (const operation of operations) {
    const name = `${operation.method} ${operation.path}`;
    const route = operation.route!;
    const token =
      route.endpoint.auth === false
        ? undefined
        : route.scope === "patient"
          ? fixtures.patientToken
          : fixtures.staffToken;
    const cases = fc.sample(caseArbitrary(operation, fixtures), { numRuns: options.casesPerOperation, seed: seed++ });
    const result: OperationResult = {
      operation: name,
      cases: cases.length,
      serverErrors: [],
      leaks: [],
      badMessages: [],
      changedByRefusals: [],
      refusedBatchesChecked: 0,
      ms: 0,
      slow: [],
    };
    const started = performance.now();
    // A read changes nothing but its audit entry; the checksum guards the operations that write.
    const writes = operation.method !== "GET";
    for (let start = 0; start < cases.length; start += batch) {
      const slice = cases.slice(start, start + batch);
      const before = writes ? await databaseChecksum(t, CHANGED_BY_DESIGN) : null;
      let allRefused = true;
      // One at a time: a refused case is judged against the database it found.
      for (const c of slice) {
        const sent = performance.now();
        const response = await t.request({
          method: operation.method as "GET",
          url: c.url,
          ...(token ? { token } : {}),
          ...(c.payload !== undefined ? { payload: c.payload, headers: { "content-type": "application/json" } } : {}),
        });
        const status = response.statusCode;
        const shown = `${c.url.slice(0, 120)} ${c.payload?.slice(0, 120) ?? ""} → ${status} ${response.body.slice(0, 200)}`;
        const took = performance.now() - sent;
        if (took > 2000) result.slow.push(`${Math.round(took)} ms: ${shown}`);
        if (status < 400) allRefused = false;
        if (status >= 500) result.serverErrors.push(shown);
        if (status >= 400) {
          for (const [kind, pattern] of LEAKS) if (pattern.test(response.body)) result.leaks.push(`${kind}: ${shown}`);
          let body: Parameters<typeof refusalTexts>[0] = {};
          try {
            body = response.json();
          } catch {
            result.badMessages.push(`not JSON: ${shown}`);
          }
          const texts = refusalTexts(body);
          if (typeof texts[0] !== "string" || texts[0].trim() === "") result.badMessages.push(`no message: ${shown}`);
          else if (texts.some((m) => typeof m !== "string" || LIBRARY_DEFAULT.test(m)))
            result.badMessages.push(`library text: ${shown}`);
        }
      }
      if (allRefused && before) {
        result.refusedBatchesChecked++;
        const changed = differences(before, await databaseChecksum(t, CHANGED_BY_DESIGN));
        if (changed.length)
          result.changedByRefusals.push(`${changed.join(", ")} after cases ${start}–${start + slice.length - 1}`);
      }
    }
    result.ms = performance.now() - started;
    options.onOperation?.(result);
    results.push(result);
  }
  return results;
};

export const summarise = (results: OperationResult[]) => ({
  operations: results.length,
  cases: results.reduce((n, r) => n + r.cases, 0),
  serverErrors: results.reduce((n, r) => n + r.serverErrors.length, 0),
  leaks: results.reduce((n, r) => n + r.leaks.length, 0),
  badMessages: results.reduce((n, r) => n + r.badMessages.length, 0),
  changedByRefusals: results.reduce((n, r) => n + r.changedByRefusals.length, 0),
  refusedBatchesChecked: results.reduce((n, r) => n + r.refusedBatchesChecked, 0),
  /** Object.prototype untouched by every "__proto__" we sent. */
  prototypeClean: ({} as Record<string, unknown>).polluted === undefined,
});
