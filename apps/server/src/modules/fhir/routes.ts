import { type Endpoint, FHIR_JSON, FHIR_NDJSON, fhirApi, fhirSettingsApi, messages, smartApi } from "@openpro/core";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { defineRoute } from "../../platform/http/route.js";
import {
  issueToken,
  listSmartClients,
  OAuthError,
  registerSmartClient,
  revokeSmartClient,
  smartConfiguration,
} from "./backend-services.js";
import { issueCodeOf, operationOutcome } from "./mappers.js";
import { getFhirSettings, updateFhirSettings } from "./organisation-settings.js";
import * as fhir from "./service.js";

const PREFIX = "/fhir";
/** The contract's paths are absolute; this plugin is mounted under /fhir. */
const under = <E extends Endpoint>(e: E): E => ({ ...e, path: e.path.slice(PREFIX.length) });

/** Patients are refused by the service with a message of its own (not the bare "forbidden"). */
const staff = { scope: "any" } as const;

/** Answers that are plain JSON, not FHIR (the Bulk Data manifest). */
const plainJson = new WeakSet<object>();

const outcome = (status: number, message: string) => operationOutcome(issueCodeOf(status), message);

/**
 * /fhir/R4: its own Fastify context, so that every answer of it — errors and unknown paths included —
 * is FHIR JSON (an OperationOutcome for a failure), while the guard (session, code, staff scope,
 * permission) is the same defineRoute as /api/v1.
 */
export const registerFhirRoutes = async (app: FastifyInstance, ctx: AppContext) => {
  // An organisation's FHIR settings: the dashboard API's JSON, not FHIR; admins only.
  const admins = { permission: "edit_organisation" } as const;
  defineRoute(app, ctx, fhirSettingsApi.get, admins, ({ scope, params }) =>
    getFhirSettings(scope, params.organisationId),
  );
  defineRoute(app, ctx, fhirSettingsApi.update, admins, ({ scope, params, body }) =>
    updateFhirSettings(scope, params.organisationId, body),
  );
  // SMART backend clients of an organisation: admins only.
  defineRoute(app, ctx, smartApi.listClients, admins, ({ scope, params }) =>
    listSmartClients(scope, params.organisationId),
  );
  defineRoute(app, ctx, smartApi.registerClient, admins, ({ scope, params, body }) =>
    registerSmartClient(scope, params.organisationId, body),
  );
  defineRoute(app, ctx, smartApi.revokeClient, admins, ({ scope, params }) =>
    revokeSmartClient(scope, params.organisationId, params.clientId),
  );
  await app.register(
    async (api) => {
      api.addHook("onSend", async (_request, reply, payload) => {
        if (plainJson.has(reply)) return payload;
        const type = String(reply.getHeader("content-type") ?? "");
        if (type.startsWith("application/json")) reply.header("content-type", `${FHIR_JSON}; charset=utf-8`);
        return payload;
      });
      api.setErrorHandler((error: FastifyError, request, reply) => {
        if (error instanceof AppError) {
          if (error.retryAfterSeconds !== undefined) reply.header("Retry-After", String(error.retryAfterSeconds));
          return reply.status(error.statusCode).send(outcome(error.statusCode, error.message));
        }
        if (hasZodFastifySchemaValidationErrors(error)) {
          if (error.validationContext === "params") return reply.status(404).send(outcome(404, messages.notFound));
          return reply.status(400).send(outcome(400, error.validation[0]?.message ?? messages.validationFailed));
        }
        const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        if (status >= 500) {
          request.log.error({ err: error }, "FHIR request failed");
          return reply.status(500).send(outcome(500, messages.somethingWentWrong));
        }
        return reply.status(status).send(outcome(status, error.message));
      });
      api.setNotFoundHandler((request, reply) =>
        reply
          .status(404)
          .send(outcome(404, `Not found: ${request.method} ${request.url.split("?")[0]}. See ${PREFIX}/R4/metadata.`)),
      );

      // The token request is a form (RFC 6749), not JSON.
      api.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      defineRoute(api, ctx, under(fhirApi.metadata), {}, async () => fhir.metadata(ctx));
      defineRoute(api, ctx, under(smartApi.configuration), {}, async ({ reply }) => {
        plainJson.add(reply);
        return smartConfiguration(ctx);
      });
      defineRoute(api, ctx, under(smartApi.token), {}, async ({ body, reply }) => {
        plainJson.add(reply);
        reply.header("Cache-Control", "no-store");
        try {
          return await issueToken(ctx, body);
        } catch (error) {
          if (!(error instanceof OAuthError)) throw error;
          reply.status(error.error === "invalid_client" ? 401 : 400);
          // OAuth's error and description (RFC 6749 §5.2), and the API's `message` beside them.
          return { error: error.error, error_description: error.description, message: error.description } as never;
        }
      });
      defineRoute(
        api,
        ctx,
        under(fhirApi.exportStart),
        // The program is resolved by defineRoute: the permission is the one the caller holds in it.
        { scope: "any", permission: "export_project_data_identifiable", program: "programId" },
        async (input) => {
          const { location } = await fhir.startExport(
            input.scope,
            input.params.programId,
            input.query,
            String(input.request.headers.prefer ?? ""),
            input.request.url,
          );
          input.reply.header("Content-Location", location);
          return operationOutcome("informational", messages.fhirExportAccepted, "information");
        },
      );
      defineRoute(api, ctx, under(fhirApi.exportStatus), staff, async ({ scope, params, reply }) => {
        const status = await fhir.exportStatus(scope, params.exportId);
        if (status.state === "complete") {
          plainJson.add(reply);
          return status.manifest;
        }
        reply.status(202).header("X-Progress", status.progress).header("Retry-After", "2");
        return operationOutcome("informational", status.progress, "information");
      });
      defineRoute(api, ctx, under(fhirApi.exportCancel), staff, async ({ scope, params }) => {
        await fhir.cancelExport(scope, params.exportId);
        return operationOutcome("informational", messages.fhirExportCancelled, "information");
      });
      defineRoute(api, ctx, under(fhirApi.exportFile), staff, async ({ scope, params, reply }) => {
        const stream = await fhir.exportFile(scope, params.exportId, params.fileName);
        reply.type(FHIR_NDJSON);
        return stream;
      });
      defineRoute(api, ctx, under(fhirApi.search), staff, ({ scope, params, query, request }) =>
        fhir.search(scope, params.resourceType, query, request.url),
      );
      defineRoute(api, ctx, under(fhirApi.read), staff, ({ scope, params }) =>
        fhir.read(scope, params.resourceType, params.id),
      );
    },
    { prefix: PREFIX },
  );
};
