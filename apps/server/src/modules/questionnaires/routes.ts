import { questionnaireSettingsLimits, questionnairesApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as questionnaires from "./service.js";

/**
 * The catalogue is read by whoever sees the Questionnaires tab (the scheduling wizard picks from it);
 * the questions of a questionnaire, plan or batch by those who may view custom questionnaires; every
 * change (deleting a questionnaire, batch or plan too) needs create_custom_questionnaire_types; outcome measures have their own pair of permissions.
 */
export const registerQuestionnaireRoutes = async (app: FastifyInstance, ctx: AppContext) => {
  await app.register(async (api) => {
    // A questionnaire file may be up to 5 MB; its JSON body a little more (the wrapper, escaping).
    api.addHook("onRoute", (route) => {
      route.bodyLimit = questionnaireSettingsLimits.jsonFileMaxBytes + 512 * 1024;
    });
    const view = { permission: "view_questionnaire_schedules" } as const;
    const viewCustom = { permission: "view_custom_questionnaire_types" } as const;
    const create = { permission: "create_custom_questionnaire_types" } as const;

    defineRoute(api, ctx, questionnairesApi.items, view, ({ scope, params }) =>
      questionnaires.listItems(scope, params.projectId),
    );
    defineRoute(api, ctx, questionnairesApi.listByTypes, view, ({ scope, params, query }) =>
      questionnaires.listItems(scope, params.projectId, query.types),
    );
    defineRoute(api, ctx, questionnairesApi.plan, viewCustom, ({ scope, params }) =>
      questionnaires.readPlan(scope, params.projectId, params.planId),
    );
    defineRoute(api, ctx, questionnairesApi.batch, viewCustom, ({ scope, params }) =>
      questionnaires.readBatch(scope, params.projectId, params.batchId),
    );
    defineRoute(api, ctx, questionnairesApi.scheme, viewCustom, ({ scope, params }) =>
      questionnaires.readScheme(scope, params.projectId, params.questionnaireTypeId),
    );
    defineRoute(api, ctx, questionnairesApi.patchType, create, ({ scope, params, body }) =>
      questionnaires.patchType(scope, params.projectId, params.questionnaireTypeId, body),
    );
    defineRoute(api, ctx, questionnairesApi.validate, create, ({ scope, params, body }) =>
      questionnaires.validateSpecification(scope, params.projectId, body.specification),
    );
    defineRoute(api, ctx, questionnairesApi.createCustom, create, ({ scope, params, body }) =>
      questionnaires.createCustom(scope, params.projectId, body),
    );
    defineRoute(api, ctx, questionnairesApi.updateCustom, create, ({ scope, params, body }) =>
      questionnaires.updateCustom(scope, params.projectId, params.questionnaireId, body.specification),
    );
    defineRoute(api, ctx, questionnairesApi.deleteCustom, create, ({ scope, params }) =>
      questionnaires.deleteCustom(scope, params.projectId, params.questionnaireId),
    );
    defineRoute(api, ctx, questionnairesApi.deleteBatch, create, ({ scope, params }) =>
      questionnaires.deleteBatch(scope, params.projectId, params.batchId),
    );
    defineRoute(api, ctx, questionnairesApi.deletePlan, create, ({ scope, params }) =>
      questionnaires.deletePlan(scope, params.projectId, params.planId),
    );
    defineRoute(api, ctx, questionnairesApi.createPlan, create, ({ scope, params, body }) =>
      questionnaires.createPlan(scope, params.projectId, body),
    );
    defineRoute(api, ctx, questionnairesApi.createBatch, create, ({ scope, params, body }) =>
      questionnaires.createBatch(scope, params.projectId, body),
    );
    defineRoute(
      api,
      ctx,
      questionnairesApi.outcomeMeasures,
      { permission: "view_questionnaire_settings_outcomes_measures" },
      ({ scope, params }) => questionnaires.getOutcomeMeasures(scope, params.projectId),
    );
    defineRoute(
      api,
      ctx,
      questionnairesApi.setOutcomeMeasures,
      { permission: "edit_questionnaire_settings_outcomes_measures" },
      ({ scope, params, body }) =>
        questionnaires.setOutcomeMeasures(scope, params.projectId, body.availableQuestionnaireTypes),
    );
  });
};
