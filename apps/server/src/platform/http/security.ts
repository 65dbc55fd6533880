import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * Security headers on every answer. The SPA needs no inline script (its styles are injected by
 * emotion, hence 'unsafe-inline' for styles only); the API docs page is the one exception.
 */
export const installSecurityHeaders = async (app: FastifyInstance, options: { reportTo?: string | null } = {}) => {
  // The browser may post error reports to the configured Sentry host, and nowhere else.
  const reportOrigin = options.reportTo ? new URL(options.reportTo).origin : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: reportOrigin ? ["'self'", reportOrigin] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only makes sense over https; added below when the request came that way.
    hsts: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "deny" },
  });

  app.addHook("onSend", async (request, reply, payload) => {
    // The server's request id, for support: it finds the log lines and audit entries of this request.
    reply.header("X-Request-Id", String(request.id));
    if (request.url.startsWith("/api/")) {
      reply.header("Cache-Control", "no-store");
      if (request.url.startsWith("/api/docs")) {
        reply.header(
          "Content-Security-Policy",
          "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; object-src 'none'",
        );
      }
    }
    if (request.protocol === "https") reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    return payload;
  });
};
