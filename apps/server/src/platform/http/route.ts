import { isDeepStrictEqual } from "node:util";
import { type Endpoint, errorCodes, messages, type Permission } from "@openpro/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { isAuditedRefusal, isUuid, type ProgramScope, resolveProgramScope } from "../access/program-scope.js";
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
   * The input field that names the route's program: "projectId" unless told otherwise, looked for
   * in the path, then the query, then the body; false for a staff route that must not be scoped
   * to one program. On a staff route whose input names a program, defineRoute resolves it once:
   * 404 outside the caller's reach, the permission checked against the role the caller holds IN
   * that program, and the handler's `scope` and `actor` carry that program's permissions (its
   * `program` input is the scope a program-scoped service takes).
   */
  program?: string | false;
  programLazily?: true;
  /**
   * The handler answers with the JSON text itself (a string or Buffer in the response schema's
   * shape), sent as application/json as it is: no object is built, walked or written out. Tests
   * parse every such answer and check it against the schema, refusing a key it would drop. For
   * the largest answers only (the 6-month patient report, ~1 MB).
   */
  serializedResponse?: true;
}

type Field<O extends RouteOptions> = O extends { program: infer F extends string } ? F : "projectId";
/** The route's input names its program in this field, always (the contract requires it). */
type NamesProgram<E extends Endpoint, F extends string> =
  Out<E["params"]> extends Record<F, string>
    ? true
    : Out<E["query"]> extends Record<F, string>
      ? true
      : Out<E["body"]> extends Record<F, string>
        ? true
        : false;
/** What a staff route naming its program hands its handler besides RouteInput. */
type ProgramInput<E extends Endpoint, O extends RouteOptions> = O extends { program: false }
  ? unknown
  : O extends { scope: "patient" | "any" }
    ? unknown
    : NamesProgram<E, Field<O>> extends true
      ? O extends { programLazily: true }
        ? { programPending: Promise<ProgramScope> }
        : { program: ProgramScope }
      : unknown;

/** Tests check every serialised answer against its schema; production sends it as it is. */
const checkSerializedAnswers = Boolean(process.env.VITEST);

/**
 * What a handler answers: the response schema's input, or its JSON text for a serializedResponse
 * route; anything for an empty answer (a 204: no body is sent, whatever the handler returns).
 */
type Answer<E extends Endpoint, O extends RouteOptions> = O extends { serializedResponse: true }
  ? string | Buffer
  : In<E["response"]> extends null
    ? unknown
    : In<E["response"]>;

/** A serialised answer as the tests hold it: it parses, matches the response schema, and has nothing the schema lacks. */
const checkSerializedAnswer = (endpoint: Endpoint, answer: string | Buffer) => {
  let value: unknown;
  try {
    value = JSON.parse(answer.toString());
  } catch {
    // Not the parser's SyntaxError: the error handler would take it for a malformed request (400).
    throw new Error(`${endpoint.method} ${endpoint.path} answered with text that is not JSON`);
  }
  const parsed = endpoint.response.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} answered outside its response schema: ${parsed.error.message}`,
    );
  }
  if (!isDeepStrictEqual(parsed.data, value)) {
    throw new Error(`${endpoint.method} ${endpoint.path} answered with fields its response schema does not have`);
  }
};

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  requestId: String(request.id),
  clientRequestId: clientRequestId(request),
  ip: request.ip,
  userAgent: request.headers["user-agent"]?.slice(0, 300) ?? null,
});

const actors = new WeakMap<FastifyRequest, Actor | null>();
/** The program scope of a staff request naming its program, started before validation. */
const pendingPrograms = new WeakMap<FastifyRequest, Promise<ProgramScope>>();

/** What a registered route demands of its caller, as registered (the authorisation matrix reads it). */
export interface RegisteredRoute {
  endpoint: Endpoint;
  /** The path as served (a plugin's prefix before the endpoint's path). */
  url: string;
  permission: Permission | null;
  scope: NonNullable<RouteOptions["scope"]>;
  /** The input field naming the route's program, when defineRoute resolves it. */
  program: string | null;
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
export const defineRoute = <E extends Endpoint, const O extends RouteOptions>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  options: O,
  handler: (input: RouteInput<E> & ProgramInput<E, O>) => Promise<Answer<E, O>>,
) => {
  const status = endpoint.status ?? 200;
  const registry = registries.get(ctx) ?? [];
  registries.set(ctx, registry);
  registry.push({
    endpoint,
    url: app.prefix + endpoint.path,
    permission: options.permission ?? null,
    scope: options.scope ?? "clinical",
    program: declaredProgramField(endpoint, options),
  });
  const programField = programFieldOf(endpoint, options);
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
    // Who is asking is settled before the input is validated: an anonymous caller gets 401, not field errors.
    preValidation: async (request) => {
      const actor = await authenticate(ctx, endpoint, options, request, requestMeta(request));
      actors.set(request, actor);
      refuseUnsupportedCharacters(request);
      // The program too, before the input is validated: a caller whose role in the program lacks
      // the route's permission gets 403 (and one outside its reach 404), not field errors.
      const programId = programField && actor?.scope === "clinical" ? programIdIn(request, programField) : undefined;
      if (programId === undefined) return;
      const pending = programScopeOf(
        requestScope(ctx, requestMeta(request), actor),
        endpoint,
        options,
        request,
        programId,
      );
      // Awaited by the handler (lazily, where the route asks); a rejection met first elsewhere is not unhandled.
      pending.catch(() => {});
      pendingPrograms.set(request, pending);
      if (!options.programLazily) await pending;
    },
    handler: async (request, reply) => {
      const meta = requestMeta(request);
      const actor = actors.get(request) ?? null;
      const scope = requestScope(ctx, meta, actor as RouteInput<E>["actor"]);
      const input: RouteInput<E> = {
        params: request.params as Out<E["params"]>,
        query: request.query as Out<E["query"]>,
        body: request.body as Out<E["body"]>,
        actor: actor as RouteInput<E>["actor"],
        meta,
        scope,
        request,
        reply,
      };
      let result: Answer<E, O>;
      try {
        result = await handler({ ...input, ...(await programInputOf(input)) } as RouteInput<E> & ProgramInput<E, O>);
      } catch (error) {
        // A record outside the caller's reach answers 404; the probing is audited like a refused
        // permission, so the security officer of the program it names can see it (issue 29 §6).
        if (isNotFound(error) && actor?.scope === "clinical" && !isAuditedRefusal(error))
          await auditRefusedReach(scope as RequestScope<Actor>, endpoint, request, programIdIn(request, "projectId"));
        throw error;
      }
      if (status === 204) return reply.status(204).send();
      // A handler may have chosen another status (the health check's 503).
      if (reply.statusCode === 200) reply.status(status);
      if (options.serializedResponse) {
        const text = result as string | Buffer;
        if (checkSerializedAnswers) checkSerializedAnswer(endpoint, text);
        // With a JSON content type, Fastify sends a Buffer as it is (no serializer). A string is
        // encoded once here: Fastify would measure its length and Node encode it again.
        reply.type("application/json; charset=utf-8");
        return reply.send(typeof text === "string" ? Buffer.from(text) : text);
      }
      return reply.send(result);
    },
  });

  /** The program scope of a staff request naming its program (none otherwise). */
  /** The program scope resolved before validation, for a staff request naming its program (none otherwise). */
  const programInputOf = async (input: RouteInput<E>): Promise<object> => {
    const pending = pendingPrograms.get(input.request);
    if (!pending) return {};
    if (options.programLazily) return { programPending: pending };
    const program = await pending;
    return { program, actor: program.actor, scope: program };
  };
};

const isNotFound = (error: unknown): error is AppError => error instanceof AppError && error.statusCode === 404;

/** A 404 a staff member met: who, which route, the ids they sent, and the program the request named. */
const auditRefusedReach = async (
  scope: RequestScope<Actor>,
  endpoint: Endpoint,
  request: FastifyRequest,
  programId: string | undefined,
) => {
  const ids: Record<string, unknown> = {
    ...(request.params as Record<string, unknown>),
    ...(programId ? { projectId: programId } : {}),
  };
  const patientId = typeof ids.userId === "string" ? ids.userId : undefined;
  await scope.audit({
    action: "access.refused",
    outcome: "refused",
    // The named program's entry, so its security officer sees who probed it (it exists: it was resolved).
    ...(programId && isUuid(programId) ? { programId } : {}),
    ...(patientId && isUuid(patientId) ? { patientId } : {}),
    details: { route: `${endpoint.method} ${endpoint.path}`, reason: "not found", ids },
  });
};

/** The field naming the program on a staff route (unless the route opts out), looked up at run time. */
const programFieldOf = (endpoint: Endpoint, options: RouteOptions): string | null => {
  if (options.program === false || endpoint.auth !== true) return null;
  // A route open to both kinds of account names its program explicitly (FHIR's Group export).
  if (typeof options.program === "string") return options.program;
  return (options.scope ?? "clinical") === "clinical" ? "projectId" : null;
};

const shapeOf = (schema: unknown): Record<string, z.ZodType> | undefined =>
  (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;

/** The field the contract requires and names the program by, for the authorisation matrix. */
const declaredProgramField = (endpoint: Endpoint, options: RouteOptions): string | null => {
  const field = programFieldOf(endpoint, options);
  if (!field) return null;
  const required = [endpoint.params, endpoint.query, endpoint.body].some((schema) => {
    const member = shapeOf(schema)?.[field];
    return !!member && !member.safeParse(undefined).success;
  });
  return required ? field : null;
};

/** The program id the validated input names in `field` (path, else query, else body). */
const programIdIn = (request: FastifyRequest, field: string): string | undefined => {
  for (const source of [request.params, request.query, request.body]) {
    const value = (source as Record<string, unknown> | null | undefined)?.[field];
    if (typeof value === "string") return value;
  }
  return undefined;
};

/** The route's program resolved for the caller (the caller is authenticated on a staff route). */
const programScopeOf = async (
  scope: RequestScope<Actor | null>,
  endpoint: Endpoint,
  options: RouteOptions,
  request: FastifyRequest,
  programId: string,
): Promise<ProgramScope> => {
  if (!scope.actor) throw unauthorized();
  return resolveProgramScope(scope as RequestScope<Actor>, programId, options.permission ?? null, {
    route: `${endpoint.method} ${endpoint.path}`,
    ids: request.params as Record<string, unknown>,
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
