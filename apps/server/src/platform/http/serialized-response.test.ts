import { endpoint } from "@openpro/core";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { installErrorHandler } from "./error-handler.js";
import { defineRoute } from "./route.js";

const answerSchema = z.object({ name: z.string(), items: z.array(z.object({ id: z.string() })) });
const answer = endpoint({
  method: "GET",
  path: "/answers/:kind",
  summary: "An answer written as JSON text by its handler.",
  tags: ["test"],
  auth: false,
  params: z.object({ kind: z.string() }),
  response: answerSchema,
});

/** What each kind of answer's handler sends, already serialised. */
const texts: Record<string, string | Buffer> = {
  fine: '{"name" : "Grace", "items" : [{"id" : "a"}, {"id" : "b"}]}',
  buffer: Buffer.from('{"name":"Grace","items":[]}'),
  // The schema would drop `secret` from an object; as text, it would leave the server.
  extra: '{"name":"Grace","items":[{"id":"a","secret":"x"}]}',
  wrong: '{"name":42,"items":[]}',
  broken: '{"name":"Grace",',
};

/**
 * A route whose handler answers with JSON text (the participant report's way) sends it as
 * application/json as it is; in tests every such answer is parsed and held to the endpoint's
 * response schema, so a part written outside the schema fails the test that reaches it.
 */
describe("a route answering with JSON text", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandler(app);
    defineRoute(app, {} as AppContext, answer, { serializedResponse: true }, async ({ params }) => texts[params.kind]!);
    await app.ready();
  });
  afterAll(() => app.close());

  it("sends the text as it is, as JSON", async () => {
    const response = await app.inject({ method: "GET", url: "/answers/fine" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.body).toBe(texts.fine);
    expect(response.json()).toEqual({ name: "Grace", items: [{ id: "a" }, { id: "b" }] });
    const buffer = await app.inject({ method: "GET", url: "/answers/buffer" });
    expect(buffer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(buffer.json()).toEqual({ name: "Grace", items: [] });
  });

  it("fails in tests when the text has a field the schema lacks, the wrong type, or is not JSON", async () => {
    for (const kind of ["extra", "wrong", "broken"]) {
      const response = await app.inject({ method: "GET", url: `/answers/${kind}` });
      expect(response.statusCode, kind).toBe(500);
      // Never the text itself, nor what the check found, to the client.
      expect(response.body, kind).not.toContain("secret");
      expect(response.json(), kind).toMatchObject({ statusCode: 500 });
    }
  });
});
