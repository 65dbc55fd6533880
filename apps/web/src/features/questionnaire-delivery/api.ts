import {
  type CreateScheduleBody,
  questionnaireEventsApi,
  questionnaireSchedulesApi,
  questionnairesApi,
  type ScheduleItemType,
} from "@openpro/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiCall, isRefreshDue, refreshSession } from "../../lib/http";
import { readTokens } from "../../lib/tokens";

export type ScheduleInput = z.input<typeof questionnaireSchedulesApi.create.body>;

export const scheduleKeys = {
  all: ["questionnaire-schedules"] as const,
  program: (projectId: string) => ["questionnaire-schedules", projectId, "program"] as const,
  patient: (projectId: string, userId: string) => ["questionnaire-schedules", projectId, "patient", userId] as const,
  delivered: (projectId: string, userId: string, typeId: string, page: number, perPage: number) =>
    ["questionnaire-schedules", projectId, "patient", userId, "delivered", typeId, page, perPage] as const,
  event: (projectId: string, userId: string, eventId: string) =>
    ["questionnaire-schedules", projectId, "patient", userId, "event", eventId] as const,
  items: (projectId: string, types: string) => ["questionnaire-schedules", projectId, "items", types] as const,
};

export const useProgramSchedules = (projectId: string) =>
  useQuery({
    queryKey: scheduleKeys.program(projectId),
    queryFn: ({ signal }) => apiCall(questionnaireSchedulesApi.list, { params: { projectId }, query: {}, signal }),
    enabled: Boolean(projectId),
  });

/** The patient's whole schedule (program and own items) and the next sends. */
export const usePatientSchedule = (projectId: string, userId: string, enabled = true) =>
  useQuery({
    queryKey: scheduleKeys.patient(projectId, userId),
    queryFn: ({ signal }) => apiCall(questionnaireEventsApi.scheduled, { params: { projectId, userId }, signal }),
    enabled: Boolean(projectId && userId) && enabled,
  });

export const useDeliveredQuestionnaires = (
  projectId: string,
  userId: string,
  options: { typeId?: string; page?: number; perPage?: number; enabled?: boolean } = {},
) => {
  const page = options.page ?? 1;
  const perPage = options.perPage ?? 50;
  return useQuery({
    queryKey: scheduleKeys.delivered(projectId, userId, options.typeId ?? "", page, perPage),
    queryFn: ({ signal }) =>
      apiCall(questionnaireEventsApi.delivered, {
        params: { projectId, userId },
        query: { _page: page, _perPage: perPage, ...(options.typeId ? { questionnaireTypeId: options.typeId } : {}) },
        signal,
      }),
    enabled: Boolean(projectId && userId) && (options.enabled ?? true),
    placeholderData: keepPreviousData,
  });
};

export const useEventAnswers = (
  projectId: string,
  userId: string,
  eventId: string | null,
  kind: "hardcoded" | "custom",
) =>
  useQuery({
    queryKey: scheduleKeys.event(projectId, userId, eventId ?? ""),
    queryFn: async ({ signal }) => {
      if (kind === "custom") {
        const r = await apiCall(questionnaireEventsApi.customEvent, {
          params: { projectId, userId, questionnaireId: eventId! },
          signal,
        });
        return { kind: "custom" as const, ...r };
      }
      const r = await apiCall(questionnaireEventsApi.hardcodedEvent, {
        params: { projectId, userId, questionnaireId: eventId! },
        signal,
      });
      return { kind: "hardcoded" as const, ...r };
    },
    enabled: Boolean(projectId && userId && eventId),
  });

/** The catalogue items of one type, for the scheduling form (qset's catalogue endpoint). */
export const useScheduleItems = (projectId: string, types: string) =>
  useQuery({
    queryKey: scheduleKeys.items(projectId, types),
    queryFn: ({ signal }) =>
      apiCall(questionnairesApi.listByTypes, { params: { projectId }, query: { types }, signal }),
    enabled: Boolean(projectId && types),
  });

const ownErrors = { inlineErrors: true, ownStatuses: [400, 404, 409, 422] } as const;

export const useCreateSchedule = (projectId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleInput) =>
      apiCall(questionnaireSchedulesApi.create, { params: { projectId }, body: body as CreateScheduleBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
    meta: ownErrors,
  });
};

export const useDeleteSchedule = (projectId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { scheduleId: string; userId?: string; type?: ScheduleItemType }) =>
      apiCall(questionnaireSchedulesApi.remove, {
        params: { projectId, scheduleId: v.scheduleId },
        query: { ...(v.userId ? { userId: v.userId } : {}), ...(v.type ? { type: v.type } : {}) },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
    meta: ownErrors,
  });
};

export const useDeferSchedule = (projectId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { scheduleId: string; targetDate: string }) =>
      apiCall(questionnaireSchedulesApi.defer, {
        params: { projectId, scheduleId: v.scheduleId },
        body: { targetDate: v.targetDate },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
    meta: ownErrors,
  });
};

/** The program's questionnaire report (CSV): a file, fetched with the session's token and saved. */
export const useExportQuestionnaireReport = (projectId: string) =>
  useMutation({
    mutationFn: async (body: {
      startDate?: string;
      endDate?: string;
      questionnaireTypeId?: string;
      format?: "csv" | "xlsx";
    }) => {
      const path = questionnaireEventsApi.exportReport.path.replace(":projectId", projectId);
      if (isRefreshDue(readTokens())) await refreshSession();
      const token = readTokens()?.accessToken;
      const response = await fetch(path, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept:
            body.format === "xlsx" ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`Error ${response.status}`);
      const blob = await response.blob();
      const header = response.headers.get("content-disposition") ?? "";
      const name = header.match(/filename="?([^";]+)"?/i)?.[1] ?? `questionnaire-report.${body.format ?? "csv"}`;
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = name;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      return name;
    },
  });
