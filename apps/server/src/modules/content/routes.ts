import { contentApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import { legalDocumentIn } from "./service.js";

export const registerContentRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, contentApi.document, {}, async ({ params, query, request }) =>
    legalDocumentIn(params.documentId, { lang: query?.lang, acceptLanguage: request.headers["accept-language"] }),
  );
};
