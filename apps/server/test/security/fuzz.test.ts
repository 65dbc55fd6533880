import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { fieldErrors } from "../factories.js";
import { createTestApp, type TestApp } from "../test-app.js";
import { buildFuzzFixtures, type FuzzFixtures, runFuzz, summarise } from "./fuzz.js";
import { NOWHERE } from "./matrix.js";

/** The short fuzz (fixed seed) that runs in `npm test`; `npm run bench` runs the long one (bench/fuzz.ts). */

// FUZZ_CASES, FUZZ_SEED: more (or fewer) cases, another seed, when hunting by hand or in the bench's
// long fuzz (bench/fuzz.ts, 1,000 cases per operation, for as long as it takes); CI runs the default.
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 4);
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const FUZZ_TIMEOUT = process.env.FUZZ_CASES ? 86_400_000 : 240_000;

describe("defects the fuzz found, pinned", () => {
  /** The fuzz's world, which these stories share and none changes (refusals, an empty PATCH). */
  let t: TestApp;
  let fixtures: FuzzFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    fixtures = await buildFuzzFixtures(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: "GET" | "POST" | "PATCH", url: string, payload?: string) =>
    t.request({
      method,
      url,
      token: fixtures.staffToken,
      ...(payload !== undefined ? { payload, headers: { "content-type": "application/json" } } : {}),
    });

  it("names a missing projectId on verify in words of ours, not zod's", async () => {
    const response = await send(
      "PATCH",
      `/api/v1/users/${NOWHERE}/verify`,
      JSON.stringify({ patientId: "943 476 5919" }),
    );
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toContainEqual({ field: "projectId", message: messages.required });
  });

  it("refuses a NUL in a name or a search term on the field, with the spec's message", async () => {
    const created = await send("POST", "/api/v1/admin/organisations", JSON.stringify({ name: "a\u0000b" }));
    expect(created.statusCode).toBe(422);
    expect(fieldErrors(created)).toEqual([{ field: "name", message: messages.unsupportedCharacters }]);
    const searched = await send("GET", "/api/v1/admin/organisations?term=a%00b");
    expect(searched.statusCode).toBe(422);
    expect(fieldErrors(searched)).toEqual([{ field: "term", message: messages.unsupportedCharacters }]);
  });

  it("answers a body nested 5,000 levels deep with a 422, not a 500 (the character check overflowed the stack)", async () => {
    const deep = `{"name":"Deep","description":${"[".repeat(5000)}"x"${"]".repeat(5000)}}`;
    const response = await send("POST", "/api/v1/admin/organisations", deep);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)[0]?.field).toBe("description");
  });

  it("takes an empty PATCH of an organisation as changing nothing, not a 500", async () => {
    const response = await send("PATCH", `/api/v1/admin/organisations/${fixtures.organisationId}`, "{}");
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe("Fuzz organisation");
  });
});

describe("fuzzing every operation of the OpenAPI document", () => {
  const long = { timeout: FUZZ_TIMEOUT };
  it("answers hostile input without a 5xx, a leak or a library's text, and refusals change nothing", long, async () => {
    // The fuzz calls every operation, signing out and changing accounts among them: an app of its own.
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const fixtures = await buildFuzzFixtures(t);
    const started = performance.now();
    const results = await runFuzz(t, fixtures, {
      casesPerOperation: CASES_PER_OPERATION,
      seed: FUZZ_SEED,
      batch: Math.min(CASES_PER_OPERATION, 50),
      onOperation: (r) => {
        const found = [...r.serverErrors, ...r.leaks, ...r.badMessages, ...r.changedByRefusals];
        if (r.slow.length) console.log(`${r.operation}: slow cases\n  ${r.slow.slice(0, 3).join("\n  ")}`);
        if (found.length) console.log(`${r.operation}: ${found.length} problems\n  ${found.slice(0, 3).join("\n  ")}`);
      },
    });
    const summary = summarise(results);
    console.log(
      `fuzz: ${summary.operations} operations × ${CASES_PER_OPERATION} cases = ${summary.cases} requests, ` +
        `${summary.serverErrors} 5xx, ${summary.leaks} leaks, ${summary.badMessages} bad messages, ` +
        `${summary.changedByRefusals} refused batches that changed the database (of ${summary.refusedBatchesChecked} checked), ` +
        `${Math.round(performance.now() - started)} ms`,
    );
    expect(summary.operations).toBeGreaterThan(100);
    const problems = results.flatMap((r) =>
      [...r.serverErrors, ...r.leaks, ...r.badMessages, ...r.changedByRefusals].map((p) => `${r.operation}: ${p}`),
    );
    expect(problems.slice(0, 40)).toEqual([]);
    expect(summary.prototypeClean).toBe(true);
  });
});
