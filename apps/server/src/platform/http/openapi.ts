import type { SwaggerTransformObject } from "@fastify/swagger";
import {
  appointmentsApi,
  auditApi,
  type Endpoint,
  errorBodySchema,
  exportsApi,
  FHIR_JSON,
  FHIR_NDJSON,
  fhirApi,
  preVisitSummaryApi,
  questionnaireEventsApi,
  reportsApi,
  smartApi,
} from "@openpro/core";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { type RegisteredRoute, registeredRoutes } from "./route.js";

/**
 * The OpenAPI document as integrators' tools read it. Fastify's generator describes each route from
 * its zod schemas; this pass (the generator's `transformObject`) adds what those schemas cannot say:
 * the real media type of each download, the error answers every operation can give (one rule, below,
 * from what defineRoute registered), free-form FHIR search parameters as one object parameter, an
 * operationId per operation, and the server's address. The document is validated and linted in
 * openapi.test.ts, and a TypeScript client generated from it is type-checked there.
 */

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** What each download answers instead of JSON, by "METHOD path". A new download missing here fails openapi.test.ts. */
export const downloadMediaTypes = new Map<string, readonly string[]>(
  (
    [
      [reportsApi.exportReport, ["application/pdf"]],
      [preVisitSummaryApi.pdf, ["application/pdf"]],
      [exportsApi.download, ["application/zip", XLSX]],
      [exportsApi.myData, ["application/zip"]],
      [exportsApi.patientData, ["application/zip"]],
      [appointmentsApi.calendar, ["text/calendar"]],
      [auditApi.export, ["text/csv"]],
      [questionnaireEventsApi.exportReport, ["text/csv", XLSX]],
      [fhirApi.exportFile, [FHIR_NDJSON]],
    ] as const
  ).map(([e, media]) => [`${e.method} ${e.path}`, media]),
);
const downloadOf = (route: RegisteredRoute) => downloadMediaTypes.get(`${route.endpoint.method} ${route.url}`);

/** Routes registered without defineRoute (an <img> fetches them without a token). */
const plainRoutes: Record<string, { summary: string; mediaTypes: string[] }> = {
  "/api/v1/images/{imageId}": { summary: "A program's image (PNG or JPEG).", mediaTypes: ["image/png", "image/jpeg"] },
  "/api/v1/images/{imageId}/thumbnail": {
    summary: "A program's image as a thumbnail (PNG or JPEG).",
    mediaTypes: ["image/png", "image/jpeg"],
  },
};

type Json = Record<string, unknown>;
type Operation = Json & { parameters?: Json[]; responses?: Record<string, Json>; security?: unknown[] };

const errorBody = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(errorBodySchema, { io: "output" }) as Json;
  return schema;
})();

const binary = { type: "string", format: "binary" };
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
const header = (description: string, schema: Json = { type: "string" }) => ({ description, schema });
const retryAfter = header("Seconds to wait before trying again.", { type: "integer", minimum: 0 });

/** The error answers, once each: the API's `{ statusCode, message, errorCode?, errors? }` and FHIR's OperationOutcome. */
const errorResponses = (): Record<string, Json> => {
  const json = (description: string, schema: Json, headers?: Json) => ({
    description,
    ...(headers ? { headers } : {}),
    content: { "application/json": { schema } },
  });
  const fhir = (description: string, headers?: Json) => ({
    description,
    ...(headers ? { headers } : {}),
    content: { [FHIR_JSON]: { schema: { $ref: "#/components/schemas/OperationOutcome" } } },
  });
  const body = { $ref: "#/components/schemas/ErrorBody" };
  return {
    BadRequest: json("The request could not be read (malformed JSON).", body),
    Unauthorized: json("No valid session: sign in again (errorCode sessionEnded: the session was ended).", body),
    Forbidden: json(
      "Signed in but not permitted: a missing permission, the one-time code or a new password still due.",
      body,
    ),
    NotFound: json("Nothing with this id within the caller's reach (what exists outside it answers the same).", body),
    Conflict: json("The change conflicts with the current state (a name taken, a step already done).", body),
    ValidationFailed: json("The input was refused: one message per field in errors[].", {
      $ref: "#/components/schemas/ValidationErrorBody",
    }),
    TooManyRequests: json("Too many attempts; wait Retry-After seconds.", body, { "Retry-After": retryAfter }),
    ServiceUnavailable: json("Maintenance or the database is unreachable; wait Retry-After seconds.", body, {
      "Retry-After": retryAfter,
    }),
    OAuthError: {
      description:
        "The token request was refused (RFC 6749 §5.2): invalid_request, invalid_client (401: the assertion's signature, claims, jti or the client), invalid_scope, unsupported_grant_type.",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["error"],
            properties: {
              error: { type: "string" },
              error_description: { type: "string" },
              message: { type: "string", description: "The same as error_description." },
            },
          },
        },
      },
    },
    FhirBadRequest: fhir("A search parameter this server does not serve, or a value it cannot read."),
    FhirUnauthorized: fhir("No valid access token."),
    FhirForbidden: fhir("The token does not permit this resource type or operation."),
    FhirNotFound: fhir("No such resource type, or no resource with this id within reach."),
    FhirTooManyRequests: fhir("Too many requests; wait Retry-After seconds.", { "Retry-After": retryAfter }),
    FhirServiceUnavailable: fhir("The database is unreachable; wait Retry-After seconds.", {
      "Retry-After": retryAfter,
    }),
  };
};

const isFhir = (url: string) => url.startsWith("/fhir/");
/** FHIR paths that answer plain JSON: SMART's configuration and token (OAuth's own shapes). */
const smartPaths = new Set<string>([smartApi.configuration.path, smartApi.token.path]);
const mutates = (method: string) => method !== "GET" && method !== "HEAD";
const takesInput = (e: Endpoint) => Boolean(e.params || e.query || e.body);
const queryKeys = (e: Endpoint) => (e.query instanceof z.ZodObject ? Object.keys(e.query.shape) : []);
/** A program named in the path or query: outside the caller's reach it answers 404. */
const namesSomething = (e: Endpoint, url: string) =>
  url.includes("{") || queryKeys(e).some((k) => k === "projectId" || k === "programId");

/** The error answers one operation can give: one rule for every route (docs/decisions.md, "The OpenAPI document says its errors and downloads"). */
export const errorAnswersOf = (route: RegisteredRoute, url: string, method: string): Record<string, Json> => {
  const e = route.endpoint;
  const authenticated = e.auth !== false;
  if (route.url === smartApi.token.path)
    return {
      400: ref("OAuthError"),
      401: ref("OAuthError"),
      429: ref("TooManyRequests"),
      503: ref("ServiceUnavailable"),
    };
  if (route.url === smartApi.configuration.path) return { 429: ref("TooManyRequests"), 503: ref("ServiceUnavailable") };
  if (isFhir(url)) {
    return {
      ...(takesInput(e) ? { 400: ref("FhirBadRequest") } : {}),
      ...(authenticated ? { 401: ref("FhirUnauthorized"), 403: ref("FhirForbidden") } : {}),
      ...(namesSomething(e, url) ? { 404: ref("FhirNotFound") } : {}),
      429: ref("FhirTooManyRequests"),
      503: ref("FhirServiceUnavailable"),
    };
  }
  return {
    ...(e.body ? { 400: ref("BadRequest") } : {}),
    ...(authenticated ? { 401: ref("Unauthorized"), 403: ref("Forbidden") } : {}),
    ...(namesSomething(e, url) ? { 404: ref("NotFound") } : {}),
    ...(mutates(method) ? { 409: ref("Conflict") } : {}),
    ...(takesInput(e) ? { 422: ref("ValidationFailed") } : {}),
    429: ref("TooManyRequests"),
    503: ref("ServiceUnavailable"),
  };
};

/** /x/:id → /x/{id}, as the generator writes paths. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/** getApiV1AdminProjectsByProjectIdUsers: unique because method and path are. */
const operationIdOf = (method: string, path: string) => {
  const words = path
    .split("/")
    .filter(Boolean)
    .flatMap((part) => {
      const param = /^\{(.+)\}$/.exec(part);
      return (param ? ["by", param[1]!] : part.split(/[^A-Za-z0-9]+/)).filter(Boolean);
    });
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join("");
};

/** A search's parameters are FHIR's own (see the CapabilityStatement): one free-form object, form-exploded. */
const fhirSearchParameter = {
  name: "searchParameters",
  in: "query",
  description:
    "FHIR search parameters (e.g. patient, code, date=ge2026-03-01, _count). Each resource type's are listed in GET /fhir/R4/metadata; an unsupported one is refused with 400.",
  style: "form",
  explode: true,
  schema: {
    type: "object",
    additionalProperties: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
  },
};

const successContent = (route: RegisteredRoute, status: number): Json | undefined => {
  const media = downloadOf(route);
  if (media) return Object.fromEntries(media.map((m) => [m, { schema: binary }]));
  if (route.url === fhirApi.exportStatus.path && status === 200)
    return { "application/json": { schema: { type: "object", description: "The Bulk Data manifest." } } };
  if (smartPaths.has(route.url)) return undefined;
  if (isFhir(route.url)) return { [FHIR_JSON]: { schema: { $ref: "#/components/schemas/FhirResource" } } };
  return undefined;
};

/** An `anyOf` holding the empty schema matches anything: say so plainly. */
const simplifyComposition = (node: unknown): void => {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const item of node) simplifyComposition(item);
    return;
  }
  const object = node as Json;
  const anyOf = object.anyOf;
  if (Array.isArray(anyOf) && anyOf.some((s) => s && typeof s === "object" && Object.keys(s).length === 0))
    delete object.anyOf;
  for (const value of Object.values(object)) simplifyComposition(value);
};

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

/** The generator's `transformObject`: the whole document, completed from what defineRoute registered. */
export const completeOpenapiDocument =
  (ctx: AppContext): SwaggerTransformObject =>
  (input) => {
    const document = (input as { openapiObject: unknown }).openapiObject as Json & {
      paths: Record<string, Record<string, Operation>>;
      components: Json & { schemas?: Json; responses?: Json };
    };
    const routes = new Map<string, RegisteredRoute>();
    for (const route of registeredRoutes(ctx))
      routes.set(`${route.endpoint.method.toLowerCase()} ${openapiPath(route.url)}`, route);

    document.servers = [{ url: ctx.settings.publicUrl.replace(/\/+$/, "") || "/" }];
    document.components.schemas = {
      ...document.components.schemas,
      ErrorBody: errorBody,
      ValidationErrorBody: { ...errorBody, required: [...((errorBody.required as string[]) ?? []), "errors"] },
      OperationOutcome: {
        type: "object",
        description: "A FHIR R4 OperationOutcome (http://hl7.org/fhir/R4/operationoutcome.html).",
        required: ["resourceType", "issue"],
        properties: {
          resourceType: { const: "OperationOutcome" },
          issue: {
            type: "array",
            items: {
              type: "object",
              required: ["severity", "code"],
              properties: {
                severity: { type: "string" },
                code: { type: "string" },
                diagnostics: { type: "string" },
              },
            },
          },
        },
      },
      FhirResource: {
        type: "object",
        description: "A FHIR R4 resource (http://hl7.org/fhir/R4/resourcelist.html).",
        required: ["resourceType"],
        properties: { resourceType: { type: "string" } },
        additionalProperties: true,
      },
    };
    document.components.responses = { ...document.components.responses, ...errorResponses() };

    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        operation.operationId = operationIdOf(method, path);
        const route = routes.get(`${method} ${path}`);
        if (!route) {
          const plain = plainRoutes[path];
          if (plain) {
            operation.summary ??= plain.summary;
            operation.security = [];
            operation.responses = {
              200: {
                description: plain.summary,
                content: Object.fromEntries(plain.mediaTypes.map((m) => [m, { schema: binary }])),
              },
              404: ref("NotFound"),
              429: ref("TooManyRequests"),
              503: ref("ServiceUnavailable"),
            };
          }
          continue;
        }
        const endpoint = route.endpoint;
        if (endpoint.auth === false) operation.security = [];
        if (route.url === smartApi.token.path && operation.requestBody)
          operation.requestBody = {
            required: true,
            content: {
              "application/x-www-form-urlencoded": {
                schema: {
                  type: "object",
                  required: ["grant_type", "client_assertion_type", "client_assertion", "scope"],
                  properties: {
                    grant_type: { const: "client_credentials" },
                    scope: { type: "string", description: "Space-separated system scopes, e.g. system/*.rs" },
                    client_assertion_type: { const: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer" },
                    client_assertion: { type: "string", description: "A JWT signed RS384 or ES384 by the client" },
                  },
                },
              },
            },
          };
        if (endpoint.query instanceof z.ZodRecord) {
          operation.parameters = [...(operation.parameters ?? []).filter((p) => p.in !== "query"), fhirSearchParameter];
        }
        const status = endpoint.status ?? 200;
        const responses: Record<string, Json> = { ...(operation.responses ?? {}) };
        if (status === 204) responses[204] = { description: "Done; no content." };
        const content = successContent(route, status);
        const success = responses[status];
        if (content && success) success.content = content;
        if (success && success.description === "Default Response") success.description = endpoint.summary;
        if (success && downloadOf(route) && !isFhir(route.url))
          success.headers = { "Content-Disposition": header('attachment; filename="…": the file\'s name.') };
        if (route.url === fhirApi.exportStart.path)
          success!.headers = { "Content-Location": header("Where to poll for the export's status.") };
        if (route.url === fhirApi.exportStatus.path && method === "get")
          responses[202] = {
            description: "Still running (X-Progress tells how far).",
            headers: { "X-Progress": header("What is done so far."), "Retry-After": retryAfter },
            content: { [FHIR_JSON]: { schema: { $ref: "#/components/schemas/OperationOutcome" } } },
          };
        operation.responses = { ...responses, ...errorAnswersOf(route, path, method.toUpperCase()) };
      }
    }
    simplifyComposition(document.paths);
    return document as ReturnType<SwaggerTransformObject>;
  };
