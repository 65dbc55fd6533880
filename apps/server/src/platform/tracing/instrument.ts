/**
 * Loaded before the server, with `node --import` (npm start and npm run dev do it): OpenTelemetry
 * must hook http and pg before anything imports them, which main.ts's own imports would do first.
 * Without OTEL_EXPORTER_OTLP_ENDPOINT it imports nothing and costs nothing.
 */
import { APP_VERSION } from "../version.js";

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import("./tracing.js");
  await startTracing({ serviceVersion: APP_VERSION });
}
