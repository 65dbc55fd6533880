import { describe, expect, it } from "vitest";
import { readConfig, startupChoices } from "./config.js";

const choices = (env: Record<string, string>) => startupChoices(readConfig(env));
const DATABASE_URL = "postgres://openpro@db.hospital.example:5432/openpro";

describe("safe defaults at start", () => {
  it("seeds no demo accounts and prints no e-mail (no code) with DATABASE_URL set and DEMO_DATA unset", () => {
    expect(choices({ DATABASE_URL })).toEqual({ seedDemo: false, echoOutbox: false });
    expect(choices({ DATABASE_URL, NODE_ENV: "production", JWT_SECRET: "x".repeat(32) })).toEqual({
      seedDemo: false,
      echoOutbox: false,
    });
  });

  it("keeps today's demo for `npm start` on the embedded database", () => {
    expect(choices({})).toEqual({ seedDemo: true, echoOutbox: true });
    // A mail server configured: codes go out by mail, never to the console.
    expect(choices({ SMTP_URL: "smtp://mail.example:25" })).toEqual({ seedDemo: true, echoOutbox: false });
  });

  it("follows DEMO_DATA when it is set", () => {
    expect(choices({ DATABASE_URL, DEMO_DATA: "on" })).toEqual({ seedDemo: true, echoOutbox: true });
    expect(choices({ DEMO_DATA: "off" })).toEqual({ seedDemo: false, echoOutbox: false });
    expect(choices({ DEMO_DATA: "on", NODE_ENV: "production", JWT_SECRET: "x".repeat(32) })).toEqual({
      seedDemo: true,
      echoOutbox: false,
    });
  });
});
