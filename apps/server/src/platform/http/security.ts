import { randomBytes } from "node:crypto";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of every answer. No inline script and no inline style anywhere:
 * the web app's pages get a per-answer nonce for the style elements MUI's emotion (and
 * notistack's goober) inject (`htmlContentSecurityPolicy`); every other answer allows styles
 * from this server only. The API docs page is the one exception (below).
 */
const directives = (reportTo: string | null): Directives => ({
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  // The browser may post error reports to the configured Sentry host, and nowhere else.
  "connect-src": reportTo ? ["'self'", new URL(reportTo).origin] : ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  "script-src-attr": ["'none'"],
});

const serialise = (policy: Directives) =>
  Object.entries(policy)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");

/** A fresh nonce for one HTML answer: 16 random bytes, base64. */
export const newStyleNonce = () => randomBytes(16).toString("base64");

/** The policy of one HTML answer: its style elements must carry `nonce`. */
export const htmlContentSecurityPolicy = (reportTo: string | null, nonce: string) => {
  const policy = directives(reportTo);
  policy["style-src"] = ["'self'", `'nonce-${nonce}'`];
  return serialise(policy);
};

export const installSecurityHeaders = async (app: FastifyInstance, options: { reportTo?: string | null } = {}) => {
  const policy = directives(options.reportTo ?? null);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(policy)),
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
      // The API reference (Scalar) renders with inline script and style: its page alone allows them.
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
