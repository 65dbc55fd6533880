import { z } from "zod";

const booleanSwitch = z.enum(["on", "off"]);

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./.data"),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("OpenPRO <no-reply@openpro.local>"),
  SUPPORT_EMAIL: z.email().default("support@openpro.local"),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  DEMO_DATA: booleanSwitch.optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SENTRY_DSN: z.url().optional(),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Where the built web app is; a developer building to another folder points here. */
  WEB_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: booleanSwitch.default("off"),
  /** Planned maintenance: until this instant the API answers 503 with it, and the app shows "Under maintenance". */
  MAINTENANCE_UNTIL: z.iso.datetime({ offset: true }).optional(),
  /** The licensed wording of the validated instruments (docs/licensed-wording.md); without it, item codes show. */
  LICENSED_WORDING_FILE: z.string().min(1).optional(),
  /** Prometheus metrics on a port of their own, for the internal network (docs/operations.md). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The bearer token of GET /metrics: on the API's port, and on METRICS_PORT when both are set. */
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /** OpenTelemetry traces go there (OTLP over HTTP) when set; read by platform/tracing/instrument.ts. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The VAPID pair of the push reminders to the patient app (npx web-push generate-vapid-keys); both or neither. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be a VAPID public key (87 base64url characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a VAPID private key (43 base64url characters)")
    .optional(),
  /** Where a push service may reach the operator (mailto: or https:); default mailto:SUPPORT_EMAIL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: or https: address")
    .optional(),
});

export type Config = z.infer<typeof configSchema>;

/** Parse the environment once; a bad value stops the start with one line naming the variable. */
export const readConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === "production" && !config.JWT_SECRET) {
    throw new ConfigError("Invalid configuration: JWT_SECRET is required in production");
  }
  if (config.METRICS_PORT !== undefined && config.METRICS_PORT === config.PORT) {
    throw new ConfigError("Invalid configuration: METRICS_PORT must differ from PORT (the API's port is public)");
  }
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    throw new ConfigError("Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together");
  }
  if (Boolean(config.ADMIN_EMAIL) !== Boolean(config.ADMIN_PASSWORD)) {
    throw new ConfigError("Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD go together");
  }
  return config;
};

/**
 * Safe defaults: the demo accounts, and the console that prints e-mails with their codes, belong
 * to the embedded database (`npm start`). With DATABASE_URL set they need DEMO_DATA=on.
 */
export const startupChoices = (config: Config): { seedDemo: boolean; echoOutbox: boolean } => {
  const seedDemo = config.DEMO_DATA ? config.DEMO_DATA === "on" : !config.DATABASE_URL;
  return { seedDemo, echoOutbox: seedDemo && !config.SMTP_URL && config.NODE_ENV !== "production" };
};

export class ConfigError extends Error {}
