import {
  type CreateScheduleBody,
  questionnaireEventsApi,
  questionnaireSchedulesApi,
  questionnairesApi,
  type ScheduleItemType,
} from "@openpro/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiCall, download } from "../../lib/http";

export type ScheduleInput = z.input<typeof questionnaireSchedulesApi.create.body>;

export const scheduleKeys = {
  all: ["questionnaire-schedules"] as const,
  program: (programId: string) => ["questionnaire-schedules", programId, "program"] as const,
  patient: (programId: string, userId: string) => ["questionnaire-schedules", programId, "patient", userId] as const,
  delivered: (programId: string, userId: string, typeId: string, page: number, perPage: number) =>
    ["questionnaire-schedules", programId, "patient", userId, "delivered", typeId, page, perPage] as const,
  event: (programId: string, userId: string, eventId: string) =>
    ["questionnaire-schedules", programId, "patient", userId, "event", eventId] as const,
  items: (programId: string, types: string) => ["questionnaire-schedules", programId, "items", types] as const,
};

export const useProgramSchedules = (programId: string) =>
  useQuery({
    queryKey: scheduleKeys.program(programId),
    queryFn: ({ signal }) =>
      apiCall(questionnaireSchedulesApi.list, { params: { projectId: programId }, query: {}, signal }),
    enabled: Boolean(programId),
  });

/** The patient's whole schedule (program and own items) and the next sends. */
export const usePatientSchedule = (programId: string, userId: string, enabled = true) =>
  useQuery({
    queryKey: scheduleKeys.patient(programId, userId),
    queryFn: ({ signal }) =>
      apiCall(questionnaireEventsApi.scheduled, { params: { projectId: programId, userId }, signal }),
    enabled: Boolean(programId && userId) && enabled,
  });

export const useDeliveredQuestionnaires = (
  programId: string,
  userId: string,
  options: { typeId?: string; page?: number; perPage?: number; enabled?: boolean } = {},
) => {
  const page = options.page ?? 1;
  const perPage = options.perPage ?? 50;
  return useQuery({
    queryKey: scheduleKeys.delivered(programId, userId, options.typeId ?? "", page, perPage),
    queryFn: ({ signal }) =>
      apiCall(questionnaireEventsApi.delivered, {
        params: { projectId: programId, userId },
        query: { _page: page, _perPage: perPage, ...(options.typeId ? { questionnaireTypeId: options.typeId } : {}) },
        signal,
      }),
    enabled: Boolean(programId && userId) && (options.enabled ?? true),
    placeholderData: keepPreviousData,
  });
};

export const useEventAnswers = (
  programId: string,
  userId: string,
  eventId: string | null,
  kind: "hardcoded" | "custom",
) =>
  useQuery({
    queryKey: scheduleKeys.event(programId, userId, eventId ?? ""),
    queryFn: async ({ signal }) => {
      if (kind === "custom") {
        const r = await apiCall(questionnaireEventsApi.customEvent, {
          params: { projectId: programId, userId, questionnaireId: eventId! },
          signal,
        });
        return { kind: "custom" as const, ...r };
      }
      const r = await apiCall(questionnaireEventsApi.hardcodedEvent, {
        params: { projectId: programId, userId, questionnaireId: eventId! },
        signal,
      });
      return { kind: "hardcoded" as const, ...r };
    },
    enabled: Boolean(programId && userId && eventId),
  });

/** The catalogue items of one type, for the scheduling form (qset's catalogue endpoint). */
export const useScheduleItems = (programId: string, types: string) =>
  useQuery({
    queryKey: scheduleKeys.items(programId, types),
    queryFn: ({ signal }) =>
      apiCall(questionnairesApi.listByTypes, { params: { projectId: programId }, query: { types }, signal }),
    enabled: Boolean(programId && types),
  });

const ownErrors = { inlineErrors: true, ownStatuses: [400, 404, 409, 422] } as const;

export const useCreateSchedule = (programId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleInput) =>
      apiCall(questionnaireSchedulesApi.create, { params: { projectId: programId }, body: body as CreateScheduleBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
    meta: ownErrors,
  });
};

export const useDeleteSchedule = (programId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { scheduleId: string; userId?: string; type?: ScheduleItemType }) =>
      apiCall(questionnaireSchedulesApi.remove, {
        params: { projectId: programId, scheduleId: v.scheduleId },
        query: { ...(v.userId ? { userId: v.userId } : {}), ...(v.type ? { type: v.type } : {}) },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
    meta: ownErrors,
  });
};

export const useDeferSchedule = (programId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { scheduleId: string; targetDate: string }) =>
      apiCall(questionnaireSchedulesApi.defer, {
        params: { projectId: programId, scheduleId: v.scheduleId },
        body: { targetDate: v.targetDate },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
    meta: ownErrors,
  });
};

const spreadsheet = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The program's questionnaire report (CSV or XLSX), saved under the server's file name. */
export const useExportQuestionnaireReport = (programId: string) =>
  useMutation({
    mutationFn: (body: {
      startDate?: string;
      endDate?: string;
      questionnaireTypeId?: string;
      format?: "csv" | "xlsx";
    }) =>
      download(questionnaireEventsApi.exportReport, {
        params: { projectId: programId },
        body,
        accept: body.format === "xlsx" ? spreadsheet : "text/csv",
        fallbackName: `questionnaire-report.${body.format ?? "csv"}`,
      }),
  });
