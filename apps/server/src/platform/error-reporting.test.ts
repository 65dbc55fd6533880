import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushErrorReports, initErrorReporting, reportServerError } from "./error-reporting.js";

/** A local stand-in for Sentry's ingest: keeps every envelope posted to it. */
const received: string[] = [];
const fakeSentry = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks);
    received.push((request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"));
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});

const EMAIL = "margaret.hughes@clinic.test";
const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwYXRpZW50In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ";
const RESET_CODE = "493817";

beforeAll(async () => {
  await new Promise<void>((resolve) => fakeSentry.listen(0, "127.0.0.1", resolve));
  const { port } = fakeSentry.address() as AddressInfo;
  await initErrorReporting({ dsn: `http://publickey@127.0.0.1:${port}/42`, release: "openpro@test" });
});

afterAll(() => new Promise<void>((resolve) => fakeSentry.close(() => resolve())));

describe("error reports sent to Sentry (a fake DSN on this machine)", () => {
  it("arrive with the failure and its labels, and without addresses, tokens or codes", async () => {
    const error = new Error(`Could not send the code ${RESET_CODE} to ${EMAIL} with Bearer ${TOKEN}`);
    reportServerError(error, { tags: { job: "mail-send", jobId: "17" } });
    expect(await flushErrorReports(5000)).toBe(true);

    expect(received).toHaveLength(1);
    const envelope = received[0]!;
    const event = JSON.parse(envelope.split("\n")[2]!);
    expect(event.exception.values[0].type).toBe("Error");
    expect(event.exception.values[0].value).toBe("Could not send the code [code] to [email] with Bearer [token]");
    expect(event.tags).toMatchObject({ job: "mail-send", jobId: "17" });
    expect(event.release).toBe("openpro@test");
    for (const secret of [EMAIL, "margaret", TOKEN.slice(0, 24), RESET_CODE]) {
      expect(envelope, secret).not.toContain(secret);
    }
    expect(event.user).toBeUndefined();
  });
});
