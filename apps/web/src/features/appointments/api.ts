import {
  type AppointmentFilter,
  appointmentFilterQuery,
  appointmentsApi,
  type CreateAppointmentBody,
  type ListAppointmentsQuery,
  type UpdateAppointmentBody,
} from "@openpro/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall, download } from "../../lib/http";

export const appointmentKeys = {
  all: ["appointments"] as const,
  patient: (programId: string, userId: string) => ["appointments", programId, userId] as const,
  list: (programId: string, userId: string, query: Omit<ListAppointmentsQuery, "projectId">) =>
    ["appointments", programId, userId, "list", query] as const,
  one: (programId: string, userId: string, id: string) => ["appointments", programId, userId, "one", id] as const,
};

/** A page of a patient's appointments (the filter's query built at call time, from the current clock). */
export const useAppointments = (
  programId: string,
  userId: string,
  query: Omit<ListAppointmentsQuery, "projectId">,
  enabled = true,
) =>
  useQuery({
    queryKey: appointmentKeys.list(programId, userId, query),
    queryFn: ({ signal }) =>
      apiCall(appointmentsApi.list, { params: { userId }, query: { projectId: programId, ...query }, signal }),
    enabled: Boolean(programId && userId) && enabled,
    placeholderData: keepPreviousData,
  });

/** Upcoming or Past as of the moment the filter is chosen (now is fixed per page view, so the key is stable). */
export const filterQuery = (filter: AppointmentFilter, now: Date, page: number, perPage: number) => ({
  ...appointmentFilterQuery(filter, now),
  _page: page,
  _perPage: perPage,
});

export const useAppointment = (programId: string, userId: string, id: string | undefined) =>
  useQuery({
    queryKey: appointmentKeys.one(programId, userId, id ?? ""),
    queryFn: ({ signal }) =>
      apiCall(appointmentsApi.get, { params: { userId, appointmentId: id! }, query: { projectId: programId }, signal }),
    enabled: Boolean(programId && userId && id),
  });

const ownErrors = { inlineErrors: true, ownStatuses: [400, 404, 409, 422] } as const;

export const useCreateAppointment = (programId: string, userId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAppointmentBody) =>
      apiCall(appointmentsApi.create, { params: { userId }, query: { projectId: programId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: appointmentKeys.patient(programId, userId) }),
    meta: ownErrors,
  });
};

export const useUpdateAppointment = (programId: string, userId: string, id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAppointmentBody) =>
      apiCall(appointmentsApi.update, { params: { userId, appointmentId: id }, query: { projectId: programId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: appointmentKeys.patient(programId, userId) }),
    meta: ownErrors,
  });
};

export const useDeleteAppointment = (programId: string, userId: string, id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall(appointmentsApi.remove, { params: { userId, appointmentId: id }, query: { projectId: programId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: appointmentKeys.patient(programId, userId) }),
    meta: ownErrors,
  });
};

/** The patient's upcoming appointments as an .ics file, saved under the server's file name. */
export const useDownloadAppointmentCalendar = (programId: string, userId: string) =>
  useMutation({
    mutationFn: () =>
      download(appointmentsApi.calendar, {
        params: { userId },
        query: { projectId: programId },
        accept: "text/calendar",
        fallbackName: "appointments.ics",
      }),
  });
