import type { Attributes, Span } from "@opentelemetry/api";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-node";
import { type ActiveTracing, setActiveTracing } from "./spans.js";

/**
 * OpenTelemetry traces (HTTP server, PostgreSQL through node-postgres, outgoing SMTP), started by
 * instrument.ts before the server's modules load, only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 * Every OpenTelemetry module is imported here, dynamically: a server without the variable loads none.
 *
 * What leaves the process: span names and attributes from the list below, nothing else. A URL may
 * carry an invitation, reset or unsubscribe code, so an HTTP span keeps the route pattern, never
 * the path or the query; client addresses and user agents stay out as well.
 */

/** Attributes kept as they are. Everything else is dropped before export. */
const KEPT_ATTRIBUTES = new Set([
  "http.method",
  "http.request.method",
  "http.status_code",
  "http.response.status_code",
  "http.route",
  "http.scheme",
  "url.scheme",
  "http.flavor",
  "network.protocol.name",
  "network.protocol.version",
  "net.host.name",
  "net.host.port",
  "net.peer.name",
  "net.peer.port",
  "server.address",
  "server.port",
  "error.type",
  "db.system",
  "db.system.name",
  "db.name",
  "db.namespace",
  "db.user",
  "db.operation",
  "db.operation.name",
  "db.collection.name",
  // The statement's text: our SQL carries bind parameters ($1), never the values (enhancedDatabaseReporting is off).
  "db.statement",
  "db.query.text",
  "db.postgresql.idle.timeout.millis",
  "db.postgresql.max.client",
]);
const URL_PATH_ATTRIBUTES = ["http.target", "url.path"];

/** The span as it may leave: kept attributes only, and a server span's path replaced by its route pattern. */
export const scrubSpan = (span: ReadableSpan): ReadableSpan => {
  const attributes: Attributes = {};
  for (const [key, value] of Object.entries(span.attributes)) if (KEPT_ATTRIBUTES.has(key)) attributes[key] = value;
  const route = span.attributes["http.route"];
  if (typeof route === "string")
    for (const key of URL_PATH_ATTRIBUTES) if (key in span.attributes) attributes[key] = route;
  // Exception events keep their type: a message may quote a URL or a value.
  const events = span.events.map((event) => ({
    ...event,
    attributes: event.attributes?.["exception.type"] ? { "exception.type": event.attributes["exception.type"] } : {},
  }));
  return Object.assign(Object.create(Object.getPrototypeOf(span)), span, { attributes, events });
};

const scrubbing = (exporter: SpanExporter): SpanExporter => ({
  export: (spans, done) => exporter.export(spans.map(scrubSpan), done),
  shutdown: () => exporter.shutdown(),
  forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
});

/** Requests not worth a trace: the load balancer's health checks and Prometheus's scrapes. */
const UNTRACED_PATHS = ["/api/v1/healthz", "/metrics"];

export const startTracing = async (options: { serviceVersion: string }): Promise<void> => {
  // ES modules (our server, compiled or run by tsx) are instrumented through this loader hook;
  // CommonJS ones (fastify's http, pg) through require. Both must be in place before they load.
  const { register } = await import("node:module");
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url);

  const api = await import("@opentelemetry/api");
  const { NodeTracerProvider, BatchSpanProcessor } = await import("@opentelemetry/sdk-trace-node");
  const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
  const { resourceFromAttributes } = await import("@opentelemetry/resources");
  const { registerInstrumentations } = await import("@opentelemetry/instrumentation");
  const { HttpInstrumentation } = await import("@opentelemetry/instrumentation-http");
  const { PgInstrumentation } = await import("@opentelemetry/instrumentation-pg");

  // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and its headers and timeout) itself.
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": "openpro", "service.version": options.serviceVersion }),
    spanProcessors: [new BatchSpanProcessor(scrubbing(new OTLPTraceExporter()))],
  });
  provider.register();
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.includes((request.url ?? "").split("?")[0] ?? ""),
        // Outgoing HTTP is not ours to trace (the exporter's own requests, error reports).
        ignoreOutgoingRequestHook: () => true,
        headersToSpanAttributes: { server: { requestHeaders: [], responseHeaders: [] } },
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
    ],
  });

  const tracer = api.trace.getTracer("openpro", options.serviceVersion);
  const tracing: ActiveTracing = {
    inSpan: (name, attributes, run) =>
      tracer.startActiveSpan(name, { kind: api.SpanKind.CLIENT, attributes }, async (span: Span) => {
        try {
          return await run();
        } catch (error) {
          span.setStatus({ code: api.SpanStatusCode.ERROR });
          span.setAttribute("error.type", error instanceof Error ? error.name : "Error");
          throw error;
        } finally {
          span.end();
        }
      }),
    flush: () => provider.forceFlush().catch(() => undefined),
    nameServerSpan: (method, route) => {
      const span = api.trace.getActiveSpan();
      if (!span) return;
      span.updateName(`${method} ${route}`);
      span.setAttribute("http.route", route);
    },
  };
  setActiveTracing(tracing);
  // main.ts flushes at its graceful shutdown; this covers an exit without one (a failed start).
  process.once("beforeExit", () => void tracing.flush());
};
