import {
  type CreateBatchInput,
  type CreatePlanInput,
  type HardcodedQuestionnaireCode,
  type PatchQuestionnaireInput,
  questionnairesApi,
} from "@openpro/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiCall } from "../../lib/http";

export const questionnaireKeys = {
  all: (projectId: string) => ["questionnaires", projectId] as const,
  items: (projectId: string) => ["questionnaires", projectId, "items"] as const,
  scheme: (projectId: string, id: string) => ["questionnaires", projectId, "scheme", id] as const,
  batch: (projectId: string, id: string) => ["questionnaires", projectId, "batch", id] as const,
  plan: (projectId: string, id: string) => ["questionnaires", projectId, "plan", id] as const,
  outcomeMeasures: (projectId: string) => ["questionnaires", projectId, "outcome-measures"] as const,
};

/** Field errors and refusals are shown by the screens themselves. */
const meta = { inlineErrors: true, ownStatuses: [400, 404, 409, 413, 422] } as const;

export const useQuestionnaireItems = (projectId: string) =>
  useQuery({
    queryKey: questionnaireKeys.items(projectId),
    queryFn: ({ signal }) => apiCall(questionnairesApi.items, { params: { projectId }, signal }),
  });

export const useQuestionnaireScheme = (projectId: string, id: string | null) =>
  useQuery({
    queryKey: questionnaireKeys.scheme(projectId, id ?? ""),
    queryFn: ({ signal }) =>
      apiCall(questionnairesApi.scheme, { params: { projectId, questionnaireTypeId: id! }, signal }),
    enabled: !!id,
    meta,
  });

export const useQuestionnaireBatch = (projectId: string, id: string | null) =>
  useQuery({
    queryKey: questionnaireKeys.batch(projectId, id ?? ""),
    queryFn: ({ signal }) => apiCall(questionnairesApi.batch, { params: { projectId, batchId: id! }, signal }),
    enabled: !!id,
    meta,
  });

export const useQuestionnairePlan = (projectId: string, id: string | null) =>
  useQuery({
    queryKey: questionnaireKeys.plan(projectId, id ?? ""),
    queryFn: ({ signal }) => apiCall(questionnairesApi.plan, { params: { projectId, planId: id! }, signal }),
    enabled: !!id,
    meta,
  });

const useInvalidating = () => {
  const queryClient = useQueryClient();
  return (projectId: string) => queryClient.invalidateQueries({ queryKey: questionnaireKeys.all(projectId) });
};

export const useValidateSpecification = (projectId: string) =>
  useMutation({
    mutationFn: (specification: unknown) =>
      apiCall(questionnairesApi.validate, { params: { projectId }, body: { specification } }),
    meta,
  });

export const useCreateCustomQuestionnaire = (projectId: string) => {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: (body: { name: string; specification: unknown }) =>
      apiCall(questionnairesApi.createCustom, { params: { projectId }, body }),
    onSuccess: () => invalidate(projectId),
    meta,
  });
};

export const useUpdateCustomQuestionnaire = (projectId: string, questionnaireId: string) => {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: (specification: unknown) =>
      apiCall(questionnairesApi.updateCustom, { params: { projectId, questionnaireId }, body: { specification } }),
    onSuccess: () => invalidate(projectId),
    meta,
  });
};

export const usePatchQuestionnaire = (projectId: string, questionnaireTypeId: string) => {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: (body: PatchQuestionnaireInput) =>
      apiCall(questionnairesApi.patchType, { params: { projectId, questionnaireTypeId }, body }),
    onSuccess: () => invalidate(projectId),
    meta,
  });
};

export const useCreateBatch = (projectId: string) => {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: (body: CreateBatchInput) => apiCall(questionnairesApi.createBatch, { params: { projectId }, body }),
    onSuccess: () => invalidate(projectId),
    meta,
  });
};

export const useCreatePlan = (projectId: string) => {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: (body: CreatePlanInput) => apiCall(questionnairesApi.createPlan, { params: { projectId }, body }),
    onSuccess: () => invalidate(projectId),
    meta,
  });
};

/** Deletes a custom questionnaire, a batch or a plan; a 409 says where it is still used. */
export const useDeleteCatalogueItem = (projectId: string) => {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: ({ type, id }: { type: "questionnaire" | "batch" | "plan"; id: string }) =>
      type === "questionnaire"
        ? apiCall(questionnairesApi.deleteCustom, { params: { projectId, questionnaireId: id } })
        : type === "batch"
          ? apiCall(questionnairesApi.deleteBatch, { params: { projectId, batchId: id } })
          : apiCall(questionnairesApi.deletePlan, { params: { projectId, planId: id } }),
    onSuccess: () => invalidate(projectId),
    meta,
  });
};

export const useOutcomeMeasures = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: questionnaireKeys.outcomeMeasures(projectId),
    queryFn: ({ signal }) => apiCall(questionnairesApi.outcomeMeasures, { params: { projectId }, signal }),
    enabled,
  });

export const useSetOutcomeMeasures = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (availableQuestionnaireTypes: HardcodedQuestionnaireCode[]) =>
      apiCall(questionnairesApi.setOutcomeMeasures, { params: { projectId }, body: { availableQuestionnaireTypes } }),
    onSuccess: (data) => {
      queryClient.setQueryData(questionnaireKeys.outcomeMeasures(projectId), data);
      return queryClient.invalidateQueries({ queryKey: ["programs"] });
    },
    meta,
  });
};

/** A server refusal as the screens list it: "field: detail" per problem, else the message. */
export const problemLines = (error: unknown, stripPrefix = ""): string[] => {
  if (!(error instanceof ApiError)) return [];
  if (error.fieldErrors.length === 0) return error.message ? [error.message] : [];
  return error.fieldErrors.map((e) => {
    const field = stripPrefix && e.field.startsWith(stripPrefix) ? e.field.slice(stripPrefix.length) : e.field;
    return `${field}: ${e.message}`;
  });
};

/** Field errors by field name (the first per field). */
export const fieldMessages = (error: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (error instanceof ApiError) for (const e of error.fieldErrors) out[e.field] ??= e.message;
  return out;
};
