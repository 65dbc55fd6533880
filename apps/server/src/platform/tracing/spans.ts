import type { FastifyInstance } from "fastify";
import { routePattern } from "../http/logging.js";

/**
 * What the rest of the server sees of tracing. instrument.ts, loaded before the server, starts
 * OpenTelemetry only when OTEL_EXPORTER_OTLP_ENDPOINT is set and leaves these functions on
 * globalThis (the preloaded file is a module graph of its own); without it they are absent and each
 * helper here is one property read: no OpenTelemetry module is ever imported.
 */
export interface ActiveTracing {
  /** Runs `run` inside a span of its own (a child of the request's span). */
  inSpan<T>(name: string, attributes: Record<string, string | number>, run: () => Promise<T>): Promise<T>;
  /** Names the HTTP server span of the request being handled after its route pattern. */
  nameServerSpan(method: string, route: string): void;
  /** Sends the spans still waiting in the batch (at shutdown). */
  flush(): Promise<void>;
}

const KEY = Symbol.for("openpro.tracing");

export const activeTracing = (): ActiveTracing | undefined =>
  (globalThis as Record<symbol, ActiveTracing | undefined>)[KEY];

export const setActiveTracing = (tracing: ActiveTracing): void => {
  (globalThis as Record<symbol, ActiveTracing | undefined>)[KEY] = tracing;
};

export const tracingStarted = (): boolean => activeTracing() !== undefined;

export const flushTraces = async (): Promise<void> => {
  await activeTracing()?.flush();
};

export const inSpan = <T>(name: string, attributes: Record<string, string | number>, run: () => Promise<T>) => {
  const tracing = activeTracing();
  return tracing ? tracing.inSpan(name, attributes, run) : run();
};

/**
 * The HTTP span of each request named and labelled by its route pattern (`POST /api/v1/user/projects/:projectId/logs`):
 * the raw URL, which may carry a code, is replaced before export (tracing.ts). No hook when tracing is off.
 */
export const installSpanNames = (app: FastifyInstance) => {
  const tracing = activeTracing();
  if (!tracing) return;
  app.addHook("onRequest", (request, _reply, done) => {
    tracing.nameServerSpan(request.method, routePattern(request));
    done();
  });
};
