/**
 * The one line printed when the server has started: where it answers, which database it uses, where
 * e-mail goes and, with demo data, how to sign in. Pure, so it is tested without starting anything.
 * Never prints a password of the database or the mail server.
 */
export interface StartupFacts {
  url: string;
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; databaseUrl: string };
  /** SMTP_URL when set; otherwise e-mails are kept in the Outbox (and printed when `echoOutbox`). */
  smtpUrl?: string | undefined;
  echoOutbox: boolean;
  demo: { password: string; firstAccount: string } | null;
}

/** host[:port]/database of a PostgreSQL URL, without user, password or query. */
export const describePostgres = (databaseUrl: string): string => {
  try {
    const url = new URL(databaseUrl);
    const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
    return `PostgreSQL ${url.host || "(local socket)"}/${name || "(default database)"}`;
  } catch {
    return "PostgreSQL (DATABASE_URL, unreadable here)";
  }
};

/** host[:port] of an SMTP URL, without user or password. */
export const describeSmtp = (smtpUrl: string): string => {
  try {
    return `SMTP ${new URL(smtpUrl).host}`;
  } catch {
    return "SMTP (SMTP_URL, unreadable here)";
  }
};

export const formatStartupLine = (facts: StartupFacts): string => {
  const database =
    facts.database.kind === "pglite"
      ? `embedded PGlite in ${facts.database.dataDir}`
      : describePostgres(facts.database.databaseUrl);
  const mail = facts.smtpUrl
    ? describeSmtp(facts.smtpUrl)
    : `Outbox only, nothing sent${facts.echoOutbox ? " (printed here)" : ""}`;
  const demo = facts.demo
    ? ` | demo: sign in as ${facts.demo.firstAccount} (or any demo account below) with ${facts.demo.password}`
    : "";
  return `OpenPRO is running at ${facts.url} | database: ${database} | mail: ${mail}${demo}`;
};
