import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadClientConfig } from "./client-config";
import { reportError, startErrorReporting } from "./report-error";

/** A local stand-in for Sentry's ingest, and the installation's configuration naming it. */
const received: string[] = [];
const fakeSentry = createServer((request: IncomingMessage, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => {
    body += chunk.toString("utf8");
  });
  request.on("end", () => {
    if (request.method === "POST") received.push(body);
    response.writeHead(200, { "access-control-allow-origin": "*", "content-type": "application/json" }).end("{}");
  });
});

const realFetch = globalThis.fetch;
const EMAIL = "margaret.hughes@clinic.test";
const INVITE = "K7M2P9QX";

beforeAll(async () => {
  await new Promise<void>((resolve) => fakeSentry.listen(0, "127.0.0.1", resolve));
  const { port } = fakeSentry.address() as AddressInfo;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith("/api/v1/service/client-config"))
      return Response.json({
        version: "test",
        supportEmail: "support@openpro.example",
        sentryDsn: `http://publickey@127.0.0.1:${port}/42`,
        errorSampleRate: 1,
      });
    return realFetch(input, init);
  };
  await loadClientConfig();
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  (await startErrorReporting())?.getClient()?.close(0);
  await new Promise<void>((resolve) => fakeSentry.close(() => resolve()));
});

describe("reporting a failure from the browser (a fake DSN on this machine)", () => {
  it("loads @sentry/browser only when a DSN is set, and sends the event without address, code or query", async () => {
    window.history.replaceState(null, "", `/invite/${INVITE}?email=${encodeURIComponent(EMAIL)}`);
    reportError({
      name: "API Error",
      message: `400 GET /api/v1/auth/staff-invite?code=${INVITE}&email=${EMAIL}`,
      extra: { status: 400, errorCode: "INVITE_INVALID" },
    });
    const Sentry = await startErrorReporting();
    expect(Sentry).not.toBeNull();
    const events = () => received.filter((envelope) => envelope.split("\n")[1]?.includes('"type":"event"'));
    await expect.poll(() => events().length, { timeout: 10_000 }).toBe(1);
    const envelope = events()[0]!;
    const event = JSON.parse(envelope.split("\n")[2]!);
    expect(event.exception.values[0]).toMatchObject({ type: "API Error", value: "400 GET /api/v1/auth/staff-invite" });
    expect(event.extra).toEqual({ status: 400, errorCode: "INVITE_INVALID" });
    expect(event.request.url).toBe("http://localhost:3000/invite/:inviteCode");
    // Nothing the SDK sent (the event, and its session updates) holds the address, the code or the query.
    for (const secret of [INVITE, "margaret", "clinic.test", "%40"])
      expect(received.join("\n"), secret).not.toContain(secret);
  });
});
