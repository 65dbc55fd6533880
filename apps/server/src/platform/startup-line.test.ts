import { describe, expect, it } from "vitest";
import { formatStartupLine } from "./startup-line.js";

const base = { url: "http://localhost:3000", echoOutbox: false, demo: null };

describe("the start-up line", () => {
  it("names the embedded database folder, the Outbox and the demo sign-in", () => {
    expect(
      formatStartupLine({
        ...base,
        database: { kind: "pglite", dataDir: "/srv/openpro/.data" },
        echoOutbox: true,
        demo: { password: "Clinic-Demo-2026!", firstAccount: "superadmin@openpro.demo" },
      }),
    ).toBe(
      "OpenPRO is running at http://localhost:3000 | database: embedded PGlite in /srv/openpro/.data | " +
        "mail: Outbox only, nothing sent (printed here) | " +
        "demo: sign in as superadmin@openpro.demo (or any demo account below) with Clinic-Demo-2026!",
    );
  });

  it("shows host and database of DATABASE_URL and the SMTP host, never a password, and no demo hint without demo data", () => {
    const line = formatStartupLine({
      ...base,
      database: {
        kind: "postgres",
        databaseUrl: "postgres://openpro:db-s3cret@db.internal:5432/openpro_prod?sslmode=require&password=q-s3cret",
      },
      smtpUrl: "smtps://mailer:smtp-s3cret@smtp.example.org:465",
    });
    expect(line).toBe(
      "OpenPRO is running at http://localhost:3000 | database: PostgreSQL db.internal:5432/openpro_prod | mail: SMTP smtp.example.org:465",
    );
    expect(line).not.toMatch(/s3cret|openpro:|mailer/);
    expect(line).not.toContain("demo");
  });

  it("keeps going, still without secrets, when a URL cannot be read", () => {
    const line = formatStartupLine({
      ...base,
      database: { kind: "postgres", databaseUrl: "not a url with p4ss" },
      smtpUrl: "%%% p4ss",
    });
    expect(line).toContain("database: PostgreSQL (DATABASE_URL, unreadable here)");
    expect(line).toContain("mail: SMTP (SMTP_URL, unreadable here)");
    expect(line).not.toContain("p4ss");
    expect(formatStartupLine({ ...base, database: { kind: "pglite", dataDir: "/d" } })).toBe(
      "OpenPRO is running at http://localhost:3000 | database: embedded PGlite in /d | mail: Outbox only, nothing sent",
    );
  });
});
