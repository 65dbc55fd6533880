import { type DashboardAxis, type DashboardFigure, programDashboardApi, worklistApi } from "@openpro/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiCall } from "../../lib/http";

export interface DashboardQuery {
  startDate: string;
  endDate: string;
  axis: DashboardAxis;
}

export const programDashboardKeys = {
  all: ["program-dashboard"] as const,
  of: (projectId: string, figure: string, query: object) => ["program-dashboard", projectId, figure, query] as const,
};

/** Every figure keeps the previous range's data on screen while the next one loads. */
const common = { placeholderData: keepPreviousData } as const;

export const useSymptomTrends = (projectId: string, query: DashboardQuery, logTypeId: string | null, enabled = true) =>
  useQuery({
    queryKey: programDashboardKeys.of(projectId, "symptomTrends", { ...query, logTypeId }),
    queryFn: ({ signal }) =>
      apiCall(programDashboardApi.symptomTrends, {
        params: { projectId },
        query: { ...query, logTypeId: logTypeId! },
        signal,
      }),
    enabled: enabled && Boolean(logTypeId),
    ...common,
  });

export const useMostLoggedSymptoms = (
  projectId: string,
  query: Omit<DashboardQuery, "axis">,
  orderBy: "count" | "severe",
  limit: number,
  enabled = true,
) =>
  useQuery({
    queryKey: programDashboardKeys.of(projectId, "symptoms", { ...query, orderBy, limit }),
    queryFn: ({ signal }) =>
      apiCall(programDashboardApi.symptoms, {
        params: { projectId },
        query: { startDate: query.startDate, endDate: query.endDate, orderBy, limit: String(limit) },
        signal,
      }),
    enabled,
    ...common,
  });

export const useTemperatureTrends = (projectId: string, query: DashboardQuery, enabled = true) =>
  useQuery({
    queryKey: programDashboardKeys.of(projectId, "temperature", query),
    queryFn: ({ signal }) => apiCall(programDashboardApi.temperatureTrends, { params: { projectId }, query, signal }),
    enabled,
    ...common,
  });

export const useMedicationAdherence = (projectId: string, query: Omit<DashboardQuery, "axis">, enabled = true) =>
  useQuery({
    queryKey: programDashboardKeys.of(projectId, "medication", query),
    queryFn: ({ signal }) =>
      apiCall(programDashboardApi.medication, {
        params: { projectId },
        query: { startDate: query.startDate, endDate: query.endDate },
        signal,
      }),
    enabled,
    ...common,
  });

export const useQuestionnaireCompletion = (projectId: string, query: DashboardQuery, enabled = true) =>
  useQuery({
    queryKey: programDashboardKeys.of(projectId, "questionnaireCompletion", query),
    queryFn: ({ signal }) =>
      apiCall(programDashboardApi.questionnaireCompletion, { params: { projectId }, query, signal }),
    enabled,
    ...common,
  });

export interface FigureRequest {
  figure: DashboardFigure;
  /** What the list is of, as its heading reads ("Patients who logged severe Nausea"). */
  title: string;
  logTypeId?: string;
  medicationName?: string;
}

/** The patients behind a figure; fetched only once asked for (the read is audited). */
export const useFigurePatients = (
  projectId: string,
  query: Omit<DashboardQuery, "axis">,
  figure: FigureRequest | null,
) =>
  useQuery({
    queryKey: programDashboardKeys.of(projectId, "patients", { ...query, ...figure }),
    queryFn: ({ signal }) =>
      apiCall(programDashboardApi.figurePatients, {
        params: { projectId },
        query: {
          startDate: query.startDate,
          endDate: query.endDate,
          figure: figure!.figure,
          ...(figure?.logTypeId ? { logTypeId: figure.logTypeId } : {}),
          ...(figure?.medicationName ? { medicationName: figure.medicationName } : {}),
        },
        signal,
      }),
    enabled: Boolean(figure),
  });

/** The reporting trend over the last weeks, with the program's worklist count (polled as the side menu's). */
export const useReportingTrend = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: programDashboardKeys.of(projectId, "reportingTrend", {}),
    queryFn: ({ signal }) => apiCall(worklistApi.trend, { params: { projectId }, query: {}, signal }),
    enabled,
    refetchInterval: 60_000,
    ...common,
  });
