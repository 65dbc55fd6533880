import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredRoute, registeredRoutes } from "../../src/platform/http/route.js";
import { createTestApp, type TestApp } from "../test-app.js";
import { endpointTable, routeKey } from "./endpoints.js";
import { serviceRules } from "./expectations.js";
import {
  buildFixtures,
  buildRequest,
  type Caller,
  type Context,
  contextsOf,
  type Expected,
  expectedAnswer,
  type Fixtures,
  judge,
  runsLast,
} from "./matrix.js";

/**
 * Every registered route × every caller (each role of the catalogue, a patient, an anonymous
 * caller, an expired token, a refresh token presented as an access token) × every program context
 * (own program, another organisation's program, a patient of another program, a program whose team
 * gave the caller another role than their account's), checked against what the permission
 * catalogue predicts.
 */
let t: TestApp;
let fixtures: Fixtures;

beforeAll(async () => {
  t = await createTestApp();
  fixtures = await buildFixtures(t);
});
afterAll(async () => {
  await t?.close();
});

interface Cell {
  route: RegisteredRoute;
  caller: Caller;
  context: Context;
  expected: Expected;
}

const BATCH = 16;

describe("authorisation matrix", () => {
  it("covers exactly the endpoint table: every registered route has an entry, every entry a route", () => {
    const table = endpointTable();
    const registered = registeredRoutes(t.ctx);
    expect(registered.length).toBeGreaterThan(100);
    expect(new Set(table.map((row) => routeKey(row.endpoint))).size).toBe(table.length);
    expect(registered.map((r) => routeKey({ method: r.endpoint.method, path: r.url })).sort()).toEqual(
      table.map((row) => routeKey(row.endpoint)).sort(),
    );
    // Every service rule the matrix knows names a route that exists (no stale entries).
    const served = new Set(registered.map((r) => routeKey({ method: r.endpoint.method, path: r.url })));
    for (const key of Object.keys(serviceRules)) expect(served.has(key), key).toBe(true);
    // The Fastify router holds nothing under /api that bypassed defineRoute (the docs page aside).
    for (const row of table) {
      expect(t.app.hasRoute({ method: row.endpoint.method, url: row.endpoint.path }), routeKey(row.endpoint)).toBe(
        true,
      );
    }
  });

  it("answers every cell as the permission catalogue predicts", async () => {
    const started = performance.now();
    const cells: Cell[] = [];
    for (const route of registeredRoutes(t.ctx)) {
      for (const caller of fixtures.callers) {
        // The guard (session, account scope, permission) runs before any program is looked at: a
        // caller it refuses in their own program is refused the same everywhere, so that one cell
        // stands for the route; the other contexts are asked of callers the guard lets through.
        const guard = expectedAnswer(route, caller, "own");
        const contexts: Context[] = guard === "401" || guard === "403" ? ["own"] : contextsOf(route.endpoint);
        // Where defineRoute resolves the program, the role its team gave decides (issue 29 §2).
        if (route.program && caller.kind === "staff" && !contexts.includes("teamRole")) contexts.push("teamRole");
        for (const context of contexts)
          cells.push({ route, caller, context, expected: expectedAnswer(route, caller, context) });
      }
    }
    const first = cells.filter((c) => !runsLast(c.route.endpoint));
    // Deleting or ending a program, an organisation or a session goes last: weakest callers first,
    // logging out at the very end.
    const rank = (c: Cell) =>
      (c.route.endpoint.path.endsWith("/auth/logout") ? 2 : 0) + (c.caller.reachesEverything ? 1 : 0);
    const last = cells.filter((c) => runsLast(c.route.endpoint)).sort((a, b) => rank(a) - rank(b));

    const failures: string[] = [];
    const tally = new Map<string, number>();
    let validationFirst = 0;
    const run = async (cell: Cell) => {
      const { url, body, valid } = buildRequest(cell.route.endpoint, fixtures, cell.context, cell.route.url);
      const response = await t.request({
        method: cell.route.endpoint.method,
        url,
        ...(body !== undefined ? { payload: body as object } : {}),
        ...(cell.caller.token ? { token: cell.caller.token } : {}),
      });
      const ok = judge(cell.expected, response.statusCode, valid);
      tally.set(cell.expected, (tally.get(cell.expected) ?? 0) + 1);
      if (cell.expected === "404" && response.statusCode !== 404 && ok) validationFirst++;
      if (!ok) {
        failures.push(
          `${cell.route.endpoint.method} ${cell.route.url} · ${cell.caller.name} · ${cell.context}: expected ${cell.expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
        );
      }
    };
    for (let i = 0; i < first.length; i += BATCH) await Promise.all(first.slice(i, i + BATCH).map(run));
    for (const cell of last) await run(cell);

    const passed = cells.length - failures.length;
    console.log(
      `authorisation matrix: ${registeredRoutes(t.ctx).length} routes × ${fixtures.callers.length} callers × contexts = ${cells.length} cells, ${passed} pass` +
        ` (${[...tally].map(([k, v]) => `${k}: ${v}`).join(", ")}; refused cells answered by validation before scope: ${validationFirst})`,
    );
    console.log(`authorisation matrix: ${Math.round(performance.now() - started)} ms`);
    expect(failures).toEqual([]);
    // A busy CI machine is slower; the figure above is what to watch, not a timeout.
  }, 240_000);
});
