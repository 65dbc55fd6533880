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
  all: (programId: string) => ["questionnaires", programId] as const,
  items: (programId: string) => ["questionnaires", programId, "items"] as const,
  scheme: (programId: string, id: string) => ["questionnaires", programId, "scheme", id] as const,
  batch: (programId: string, id: string) => ["questionnaires", programId, "batch", id] as const,
  plan: (programId: string, id: string) => ["questionnaires", programId, "plan", id] as const,
  outcomeMeasures: (programId: string) => ["questionnaires", programId, "outcome-measures"] as const,
};

/** Field errors and refusals are shown by the screens themselves. */
const meta = { inlineErrors: true, ownStatuses: [400, 404, 409, 413, 422] } as const;

export const useQuestionnaireItems = (programId: string) =>
  useQuery({
    queryKey: questionnaireKeys.items(programId),
    queryFn: ({ signal }) => apiCall(questionnairesApi.items, { params: { projectId: programId }, signal }),
  });

export const useQuestionnaireScheme = (programId: string, id: string | null) =>
  useQuery({
    queryKey: questionnaireKeys.scheme(programId, id ?? ""),
    queryFn: ({ signal }) =>
      apiCall(questionnairesApi.scheme, { params: { projectId: programId, questionnaireTypeId: id! }, signal }),
    enabled: !!id,
    meta,
  });

export const useQuestionnaireBatch = (programId: string, id: string | null) =>
  useQuery({
    queryKey: questionnaireKeys.batch(programId, id ?? ""),
    queryFn: ({ signal }) =>
      apiCall(questionnairesApi.batch, { params: { projectId: programId, batchId: id! }, signal }),
    enabled: !!id,
    meta,
  });

export const useQuestionnairePlan = (programId: string, id: string | null) =>
  useQuery({
    queryKey: questionnaireKeys.plan(programId, id ?? ""),
    queryFn: ({ signal }) => apiCall(questionnairesApi.plan, { params: { projectId: programId, planId: id! }, signal }),
    enabled: !!id,
    meta,
  });

const useInvalidating = () => {
  const queryClient = useQueryClient();
  return (programId: string) => queryClient.invalidateQueries({ queryKey: questionnaireKeys.all(programId) });
};

export const useValidateSpecification = (programId: string) =>
  useMutation({
    mutationFn: (specification: unknown) =>
      apiCall(questionnairesApi.validate, { params: { projectId: programId }, body: { specification } }),
    meta,
  });

export const useCreateCustomQuestionnaire = (programId: string) => {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: (body: { name: string; specification: unknown }) =>
      apiCall(questionnairesApi.createCustom, { params: { projectId: programId }, body }),
    onSuccess: () => invalidate(programId),
    meta,
  });
};

export const useUpdateCustomQuestionnaire = (programId: string, questionnaireId: string) => {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: (specification: unknown) =>
      apiCall(questionnairesApi.updateCustom, {
        params: { projectId: programId, questionnaireId },
        body: { specification },
      }),
    onSuccess: () => invalidate(programId),
    meta,
  });
};

export const usePatchQuestionnaire = (programId: string, questionnaireTypeId: string) => {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: (body: PatchQuestionnaireInput) =>
      apiCall(questionnairesApi.patchType, { params: { projectId: programId, questionnaireTypeId }, body }),
    onSuccess: () => invalidate(programId),
    meta,
  });
};

export const useCreateBatch = (programId: string) => {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: (body: CreateBatchInput) =>
      apiCall(questionnairesApi.createBatch, { params: { projectId: programId }, body }),
    onSuccess: () => invalidate(programId),
    meta,
  });
};

export const useCreatePlan = (programId: string) => {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: (body: CreatePlanInput) =>
      apiCall(questionnairesApi.createPlan, { params: { projectId: programId }, body }),
    onSuccess: () => invalidate(programId),
    meta,
  });
};

/** Deletes a custom questionnaire, a batch or a plan; a 409 says where it is still used. */
export const useDeleteCatalogueItem = (programId: string) => {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: ({ type, id }: { type: "questionnaire" | "batch" | "plan"; id: string }) =>
      type === "questionnaire"
        ? apiCall(questionnairesApi.deleteCustom, { params: { projectId: programId, questionnaireId: id } })
        : type === "batch"
          ? apiCall(questionnairesApi.deleteBatch, { params: { projectId: programId, batchId: id } })
          : apiCall(questionnairesApi.deletePlan, { params: { projectId: programId, planId: id } }),
    onSuccess: () => invalidate(programId),
    meta,
  });
};

export const useOutcomeMeasures = (programId: string, enabled = true) =>
  useQuery({
    queryKey: questionnaireKeys.outcomeMeasures(programId),
    queryFn: ({ signal }) => apiCall(questionnairesApi.outcomeMeasures, { params: { projectId: programId }, signal }),
    enabled,
  });

export const useSetOutcomeMeasures = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (availableQuestionnaireTypes: HardcodedQuestionnaireCode[]) =>
      apiCall(questionnairesApi.setOutcomeMeasures, {
        params: { projectId: programId },
        body: { availableQuestionnaireTypes },
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(questionnaireKeys.outcomeMeasures(programId), data);
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
