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
  of: (programId: string, figure: string, query: object) => ["program-dashboard", programId, figure, query] as const,
};

/** Every figure keeps the previous range's data on screen while the next one loads. */
const common = { placeholderData: keepPreviousData } as const;

export const useSymptomTrends = (programId: string, query: DashboardQuery, logTypeId: string | null, enabled = true) =>
  useQuery({
    queryKey: programDashboardKeys.of(programId, "symptomTrends", { ...query, logTypeId }),
    queryFn: ({ signal }) =>
      apiCall(programDashboardApi.symptomTrends, {
        params: { projectId: programId },
        query: { ...query, logTypeId: logTypeId! },
        signal,
      }),
    enabled: enabled && Boolean(logTypeId),
    ...common,
  });

export const useMostLoggedSymptoms = (
  programId: string,
  query: Omit<DashboardQuery, "axis">,
  orderBy: "count" | "severe",
  limit: number,
  enabled = true,
) =>
  useQuery({
    queryKey: programDashboardKeys.of(programId, "symptoms", { ...query, orderBy, limit }),
    queryFn: ({ signal }) =>
      apiCall(programDashboardApi.symptoms, {
        params: { projectId: programId },
        query: { startDate: query.startDate, endDate: query.endDate, orderBy, limit: String(limit) },
        signal,
      }),
    enabled,
    ...common,
  });

export const useTemperatureTrends = (programId: string, query: DashboardQuery, enabled = true) =>
  useQuery({
    queryKey: programDashboardKeys.of(programId, "temperature", query),
    queryFn: ({ signal }) =>
      apiCall(programDashboardApi.temperatureTrends, { params: { projectId: programId }, query, signal }),
    enabled,
    ...common,
  });

export const useMedicationAdherence = (programId: string, query: Omit<DashboardQuery, "axis">, enabled = true) =>
  useQuery({
    queryKey: programDashboardKeys.of(programId, "medication", query),
    queryFn: ({ signal }) =>
      apiCall(programDashboardApi.medication, {
        params: { projectId: programId },
        query: { startDate: query.startDate, endDate: query.endDate },
        signal,
      }),
    enabled,
    ...common,
  });

export const useQuestionnaireCompletion = (programId: string, query: DashboardQuery, enabled = true) =>
  useQuery({
    queryKey: programDashboardKeys.of(programId, "questionnaireCompletion", query),
    queryFn: ({ signal }) =>
      apiCall(programDashboardApi.questionnaireCompletion, { params: { projectId: programId }, query, signal }),
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
  programId: string,
  query: Omit<DashboardQuery, "axis">,
  figure: FigureRequest | null,
) =>
  useQuery({
    queryKey: programDashboardKeys.of(programId, "patients", { ...query, ...figure }),
    queryFn: ({ signal }) =>
      apiCall(programDashboardApi.figurePatients, {
        params: { projectId: programId },
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
export const useReportingTrend = (programId: string, enabled = true) =>
  useQuery({
    queryKey: programDashboardKeys.of(programId, "reportingTrend", {}),
    queryFn: ({ signal }) => apiCall(worklistApi.trend, { params: { projectId: programId }, query: {}, signal }),
    enabled,
    refetchInterval: 60_000,
    ...common,
  });
