import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { downloadMediaTypes } from "./openapi.js";
import { registeredRoutes } from "./route.js";

/**
 * The served OpenAPI document, read by the tools an integrator runs: swagger-parser validates it,
 * Redocly lints it with its recommended rules, and openapi-typescript generates a client from it
 * that must type-check and say what the API answers (downloads, field errors, Retry-After).
 */

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document, read by its known paths
type Json = Record<string, any>;
let t: TestApp;
let document: Json;
let text: string;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.request({ method: "GET", url: "/api/docs/openapi.json" });
  expect(response.statusCode).toBe(200);
  text = response.body;
  document = JSON.parse(text);
}, 60_000);
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

describe("the served OpenAPI document", () => {
  it("is valid OpenAPI 3.1 for swagger-parser", async () => {
    const problems = await SwaggerParser.validate(structuredClone(document) as never).then(
      () => "",
      (error: Error) => error.message,
    );
    expect(problems).toBe("");
  });

  it("passes Redocly's recommended rules without an error or a warning", async () => {
    // The project has not chosen a licence yet: the one rule turned off, until it has.
    const config = await createConfig({ extends: ["recommended"], rules: { "info-license": "off" } });
    const problems = await lintFromString({ source: text, absoluteRef: "openapi.json", config });
    expect(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it("gives a FHIR search its parameters as one free-form object, not the record schema's keywords", () => {
    for (const path of ["/fhir/R4/{resourceType}", "/fhir/R4/Group/{programId}/$export"]) {
      const query = (document.paths[path].get.parameters as Json[]).filter((p) => p.in === "query");
      expect(query.map((p) => p.name)).toEqual(["searchParameters"]);
      expect(query[0]!.schema.type).toBe("object");
    }
  });

  it("declares each download's real media type", () => {
    const contentOf = (path: string, method = "get") =>
      Object.keys(document.paths[path][method].responses[method === "post" ? 200 : 200].content);
    expect(contentOf("/api/v1/pro-dashboard/projects/{projectId}/users/{userId}/reports/export", "post")).toEqual([
      "application/pdf",
    ]);
    expect(contentOf("/api/v1/admin/projects/{projectId}/data-exports/{exportId}/file")).toEqual([
      "application/zip",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]);
    expect(contentOf("/api/v1/users/{userId}/nurse_visit_appointments/upcoming.ics")).toEqual(["text/calendar"]);
    expect(contentOf("/fhir/R4/bulk-export/{exportId}/{fileName}")).toEqual(["application/fhir+ndjson"]);
    expect(contentOf("/api/v1/user/data-export")).toEqual(["application/zip"]);
    expect(contentOf("/api/v1/admin/projects/{projectId}/users/{userId}/data-export")).toEqual(["application/zip"]);
    expect(contentOf("/fhir/R4/{resourceType}/{id}")).toEqual(["application/fhir+json"]);
  });

  it("knows the media type of every endpoint that answers something other than JSON", () => {
    const untyped = registeredRoutes(t.ctx)
      .filter((r) => r.endpoint.response instanceof z.ZodAny || r.endpoint.response instanceof z.ZodUnknown)
      .map((r) => `${r.endpoint.method} ${r.url}`);
    expect(untyped.length).toBeGreaterThan(7);
    expect(untyped.filter((route) => !downloadMediaTypes.has(route))).toEqual([]);
  });

  it("documents the error answers on every operation: 401 and 403 when signed in, 422 with errors[], 429 with Retry-After", () => {
    for (const { path, method, operation } of operations()) {
      const codes = Object.keys(operation.responses);
      const where = `${method} ${path}`;
      expect(
        codes.some((c) => c.startsWith("4")),
        where,
      ).toBe(true);
      if (operation.security?.length) expect(codes, where).toEqual(expect.arrayContaining(["401", "403"]));
      expect(codes, where).toContain("429");
    }
    const create = document.paths["/api/v1/admin/organisations"].post.responses;
    expect(create[422].$ref).toBe("#/components/responses/ValidationFailed");
    expect(create[409].$ref).toBe("#/components/responses/Conflict");
    const validation = document.components.responses.ValidationFailed.content["application/json"].schema;
    expect(validation.$ref).toBe("#/components/schemas/ValidationErrorBody");
    expect(document.components.schemas.ErrorBody.properties.errors.items.required).toEqual(["field", "message"]);
    expect(document.components.responses.TooManyRequests.headers["Retry-After"].schema.type).toBe("integer");
    expect(document.paths["/fhir/R4/{resourceType}"].get.responses[400].$ref).toBe(
      "#/components/responses/FhirBadRequest",
    );
  });

  it("generates a TypeScript client that type-checks and says what the API answers", async () => {
    const client = astToString(await openapiTS(structuredClone(document) as never));
    const dir = mkdtempSync(join(tmpdir(), "openapi-client-"));
    try {
      writeFileSync(join(dir, "api.d.ts"), client);
      // Uses of the generated types an integrator would write: each line fails to compile if the
      // document stopped saying it.
      writeFileSync(
        join(dir, "use.ts"),
        `import type { components, paths } from "./api.js";
type Exports = paths["/api/v1/admin/projects/{projectId}/data-exports/{exportId}/file"]["get"];
export const zip: Exports["responses"][200]["content"]["application/zip"] = "bytes";
type Create = paths["/api/v1/admin/organisations"]["post"];
export const refused: Create["responses"][422]["content"]["application/json"] = {
  statusCode: 422, message: "Check the form", errors: [{ field: "name", message: "Required" }],
};
export const wait: NonNullable<components["responses"]["TooManyRequests"]["headers"]["Retry-After"]> = 30;
type Search = paths["/fhir/R4/{resourceType}"]["get"]["parameters"];
export const search: Search = { path: { resourceType: "Observation" }, query: { searchParameters: { code: "http://loinc.org|8310-5" } } };
`,
      );
      const program = ts.createProgram([join(dir, "use.ts")], {
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        skipLibCheck: false,
        types: [],
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
