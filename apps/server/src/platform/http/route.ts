import { type Endpoint, errorCodes, messages, type Permission } from "@openpro/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { writeAudit } from "../audit/audit.js";
import { type Actor, resolveActor } from "../auth/actor.js";
import type { AppContext, RequestMeta } from "../context.js";
import { AppError, forbidden, unauthorized } from "../errors.js";
import { type RequestScope, requestScope } from "../request-scope.js";
import { refuseUnsupportedCharacters } from "./control-characters.js";
import { clientRequestId } from "./logging.js";

type Out<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;
type In<S> = NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : undefined;

export interface RouteInput<E extends Endpoint> {
  params: Out<E["params"]>;
  query: Out<E["query"]>;
  body: Out<E["body"]>;
  actor: E["auth"] extends false ? Actor | null : Actor;
  meta: RequestMeta;
  /** ctx, meta and actor together, with audit bound to them: what services take. */
  scope: RequestScope<E["auth"] extends false ? Actor | null : Actor>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** The permission the route needs; checked on the server whatever the client shows. */
  permission?: Permission;
  /** Which kind of account may call it (default: staff for authenticated routes). */
  scope?: "clinical" | "patient" | "any";
  /**
   * The answer is built field by field (in code, or by a statement's json_build_object with named
   * keys; no row passes through whole), so it is not checked against its schema again on the way
   * out but in tests, which check it on every call. For large answers only: the 6-month patient
   * report spent ~5 ms of ~70 there.
   */
  trustedResponse?: true;
}

/** Tests run every route's answer through its schema; a trusted route skips that in production. */
const checkTrustedAnswers = Boolean(process.env.VITEST);

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  requestId: String(request.id),
  clientRequestId: clientRequestId(request),
  ip: request.ip,
  userAgent: request.headers["user-agent"]?.slice(0, 300) ?? null,
});

const actors = new WeakMap<FastifyRequest, Actor | null>();

/** What a registered route demands of its caller, as registered (the authorisation matrix reads it). */
export interface RegisteredRoute {
  endpoint: Endpoint;
  /** The path as served (a plugin's prefix before the endpoint's path). */
  url: string;
  permission: Permission | null;
  scope: NonNullable<RouteOptions["scope"]>;
}
const registries = new WeakMap<AppContext, RegisteredRoute[]>();
/** Every route defineRoute registered for this app, in registration order. */
export const registeredRoutes = (ctx: AppContext): readonly RegisteredRoute[] => registries.get(ctx) ?? [];

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header?.startsWith("Bearer ")) return null;
  return header.slice(7).trim() || null;
};

/**
 * Registers one endpoint of the core table: schemas from the contract, then the guard
 * (session, one-time code, password expiry, scope, permission), then the handler.
 */
export const defineRoute = <E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  options: RouteOptions,
  handler: (input: RouteInput<E>) => Promise<In<E["response"]>>,
) => {
  const status = endpoint.status ?? 200;
  const registry = registries.get(ctx) ?? [];
  registries.set(ctx, registry);
  registry.push({
    endpoint,
    url: app.prefix + endpoint.path,
    permission: options.permission ?? null,
    scope: options.scope ?? "clinical",
  });
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.auth === false ? {} : { security: [{ bearerAuth: [] }] }),
      response: status === 204 ? {} : { [status]: endpoint.response },
    },
    ...(options.trustedResponse && !checkTrustedAnswers
      ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) }
      : {}),
    // Who is asking is settled before the input is validated: an anonymous caller gets 401, not field errors.
    preValidation: async (request) => {
      actors.set(request, await authenticate(ctx, endpoint, options, request, requestMeta(request)));
      refuseUnsupportedCharacters(request);
    },
    handler: async (request, reply) => {
      const meta = requestMeta(request);
      const actor = actors.get(request) ?? null;
      const result = await handler({
        params: request.params as Out<E["params"]>,
        query: request.query as Out<E["query"]>,
        body: request.body as Out<E["body"]>,
        actor: actor as RouteInput<E>["actor"],
        meta,
        scope: requestScope(ctx, meta, actor as RouteInput<E>["actor"]),
        request,
        reply,
      });
      if (status === 204) return reply.status(204).send();
      // A handler may have chosen another status (the health check's 503).
      if (reply.statusCode === 200) reply.status(status);
      return reply.send(result);
    },
  });
};

const authenticate = async (
  ctx: AppContext,
  endpoint: Endpoint,
  options: RouteOptions,
  request: FastifyRequest,
  meta: RequestMeta,
): Promise<Actor | null> => {
  const token = bearer(request);
  if (!token) {
    if (endpoint.auth === false) return null;
    throw unauthorized();
  }
  const resolution = await resolveActor(
    {
      db: ctx.db,
      clock: ctx.clock,
      jwtSecret: ctx.settings.jwtSecret,
      passwordMaxAgeDays: ctx.settings.passwordMaxAgeDays,
    },
    token,
  );
  if ("failure" in resolution) {
    if (endpoint.auth === false) return null;
    throw unauthorized(
      resolution.failure === "session-ended" ? messages.refreshInvalid : messages.unauthenticated,
      resolution.failure === "session-ended" ? errorCodes.sessionEnded : undefined,
    );
  }
  const { actor } = resolution;
  if (endpoint.auth === true) {
    if (!actor.otpVerified) throw new AppError(403, messages.otpRequired, errorCodes.otpRequired);
    if (actor.passwordExpired) throw new AppError(403, messages.passwordExpired, errorCodes.passwordExpired);
    const scope = options.scope ?? "clinical";
    if (scope !== "any" && actor.scope !== scope) throw forbidden();
  }
  if (options.permission && !actor.permissions.includes(options.permission)) {
    await writeAudit(ctx.db, ctx.clock, meta, {
      action: "permission.refused",
      outcome: "refused",
      actorUserId: actor.userId,
      details: { permission: options.permission, route: `${endpoint.method} ${endpoint.path}` },
    });
    throw forbidden();
  }
  return actor;
};
