import {
  type AlertMessageAnswer,
  type AnswerInput,
  authApi,
  type CurrentUser,
  exportsApi,
  type LogType,
  type LogUpload,
  logsApi,
  type MedicationFrequency,
  type PatientLanguage,
  type PatientProgram,
  patientSideApi,
  questionnaireEventsApi,
} from "@openpro/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError, apiCall } from "../lib/http";
import { readStorage, writeStorage } from "../lib/storage-keys";
import type { MedicationEventUpload } from "./offline-queue";
import { createOutbox, type Outbox, type SubmitOutcome } from "./outbox";
import { browserStore } from "./outbox-store";
import { meCall, meDownload, readMeUserId, resetPatientPassword, signInPatient, signOutPatient } from "./session";

/**
 * The patient web app's calls, on the same public API a phone app uses. Failures are shown by the
 * screens themselves: nothing here may touch a staff session of this browser.
 */
/** Offline, the screens read the last answers kept on the device and logs go to the outbox: never pause. */
const networkMode = "always" as const;

const meMeta = {
  inlineErrors: true,
  ownStatuses: [400, 401, 403, 404, 409, 410, 422, 429, 500, 502, 503, 504],
} as const;

const keys = {
  programs: ["patient-app", "programs"] as const,
  catalogue: ["patient-app", "catalogue"] as const,
  me: ["patient-app", "me"] as const,
  medications: (programId: string) => ["patient-app", "medications", programId] as const,
  history: (programId: string) => ["patient-app", "history", programId] as const,
  questionnaires: (programId: string) => ["patient-app", "questionnaires", programId] as const,
  questionnaire: (programId: string, eventId: string) => ["patient-app", "questionnaire", programId, eventId] as const,
};

/** Answers from the last good call, so the screens still open without a network. */
const cached = async <T>(name: string, load: () => Promise<T>): Promise<T> => {
  const key = `openpro.me.cache.${name}`;
  try {
    const value = await load();
    writeStorage(key, JSON.stringify(value));
    return value;
  } catch (error) {
    const raw = error instanceof ApiError && error.status === undefined ? readStorage(key) : null;
    if (raw) return JSON.parse(raw) as T;
    throw error;
  }
};

export const useMyPrograms = () =>
  useQuery({
    queryKey: keys.programs,
    queryFn: () => cached("programs", async () => (await meCall(patientSideApi.myPrograms)).results),
    networkMode,
    meta: meMeta,
    retry: false,
  });

/** The program a log goes to: the one asked for, else the first. */
export const pickProgram = (programs: PatientProgram[] | undefined, programId: string | null) =>
  programs?.find((p) => p.programId === programId) ?? programs?.[0];

export const useSymptomCatalogue = () =>
  useQuery<LogType[]>({
    queryKey: keys.catalogue,
    queryFn: () => cached("catalogue", async () => (await meCall(logsApi.types)).results),
    staleTime: Number.POSITIVE_INFINITY,
    networkMode,
    meta: meMeta,
    retry: false,
  });

export const useCurrentPatient = () =>
  useQuery({ queryKey: keys.me, queryFn: () => meCall(authApi.current), meta: meMeta, retry: false });

/** Remembers the language the patient chose on their account: the app and every e-mail use it. */
export const useSaveLanguage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: PatientLanguage) => meCall(authApi.updateCurrent, { body: { language } }),
    // At once: the app follows the account's language, and must not switch back while this is sent.
    onMutate: async (language) => {
      await queryClient.cancelQueries({ queryKey: keys.me });
      queryClient.setQueryData<CurrentUser>(keys.me, (me) => (me ? { ...me, language } : me));
    },
    onSuccess: (me) => queryClient.setQueryData(keys.me, me),
    meta: meMeta,
  });
};

export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => signInPatient(email, password),
    onSuccess: () => queryClient.removeQueries({ queryKey: ["patient-app"] }),
    meta: meMeta,
  });
};

export const useSignOut = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutPatient,
    onSettled: () => queryClient.removeQueries({ queryKey: ["patient-app"] }),
    meta: meMeta,
  });
};

// ---------------------------------------------------------------------------------------------
// Logs: every log goes through the outbox, which keeps it on the device until the server has it.

let browserOutbox: Outbox | null = null;
const outbox = () => {
  browserOutbox ??= createOutbox({
    store: browserStore<LogUpload>("logs"),
    send: (programId, logs) => meCall(logsApi.upload, { params: { projectId: programId }, body: { logs } }),
    owner: readMeUserId,
  });
  return browserOutbox;
};

// Doses taken or skipped: the same, in a queue of their own (their own upload endpoint).
let browserDoseOutbox: Outbox<MedicationEventUpload> | null = null;
const doseOutbox = () => {
  browserDoseOutbox ??= createOutbox<MedicationEventUpload>({
    store: browserStore<MedicationEventUpload>("doses"),
    send: (programId, events) =>
      meCall(logsApi.uploadMedicationEvents, { params: { projectId: programId }, body: { events } }),
    owner: readMeUserId,
    batchField: "events",
  });
  return browserDoseOutbox;
};

/** Every outbox of this device: what the app sends when the network comes back. */
const outboxes = () => [outbox(), doseOutbox()] as const;

const isOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

export const useSubmitLog = () =>
  useMutation<SubmitOutcome, Error, { programId: string; log: LogUpload }>({
    mutationFn: ({ programId, log }) => outbox().submit(programId, log, { online: isOnline() }),
    networkMode,
    meta: meMeta,
  });

/** Logs and doses waiting on this device, kept up to date (null until the device's stores have been read). */
export const usePendingCount = (): number | null => {
  const [counts, setCounts] = useState<(number | null)[]>(() => outboxes().map(() => null));
  useEffect(() => {
    let live = true;
    const unsubscribes = outboxes().map((box, index) => {
      const set = (count: number) => {
        if (live) setCounts((current) => current.map((value, i) => (i === index ? count : value)));
      };
      void box.pending().then((queue) => set(queue.length));
      return box.subscribe(set);
    });
    return () => {
      live = false;
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, []);
  return counts.some((count) => count === null) ? null : counts.reduce<number>((sum, count) => sum + (count ?? 0), 0);
};

/** True while the browser says it has a network. */
export const useOnline = (): boolean => {
  const [online, setOnline] = useState(isOnline());
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
    };
  }, []);
  return online;
};

/**
 * Sends waiting logs when the app opens, when the network comes back (at once), and every 30 s
 * while some wait; alert messages answered on the way are handed to the screen.
 */
export const useOutboxSync = (onAlerts: (alerts: AlertMessageAnswer[]) => void) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let live = true;
    /** A dose sent late changes the medicine's "last dose": its list is read again. */
    const sendDoses = async (force: boolean) => {
      const waiting = (await doseOutbox().pending()).length;
      if (waiting === 0) return;
      await doseOutbox().flush({ force });
      if ((await doseOutbox().pending()).length < waiting)
        void queryClient.invalidateQueries({ queryKey: ["patient-app", "medications"] });
    };
    const flush = (force: boolean) => {
      if (!isOnline()) return;
      void outbox()
        .flush({ force })
        .then((alerts) => {
          if (live && alerts.length > 0) onAlerts(alerts);
        });
      void sendDoses(force);
    };
    const onOnline = () => flush(true);
    flush(false);
    window.addEventListener("online", onOnline);
    const timer = window.setInterval(() => flush(false), 30_000);
    return () => {
      live = false;
      window.removeEventListener("online", onOnline);
      window.clearInterval(timer);
    };
  }, [onAlerts, queryClient]);
};

// ---------------------------------------------------------------------------------------------
// Medicines, history, questionnaires, settings

export const useMyMedications = (programId: string) =>
  useQuery({
    queryKey: keys.medications(programId),
    queryFn: () =>
      cached(
        `medications.${programId}`,
        async () => (await meCall(logsApi.myMedications, { params: { projectId: programId } })).results,
      ),
    networkMode,
    meta: meMeta,
    retry: false,
  });

/**
 * A dose taken or skipped: through its outbox like a log, so that one taken offline is kept on the
 * device and sent (once: idempotent by clientId) when the network comes back.
 */
export const useLogDose = (programId: string) => {
  const queryClient = useQueryClient();
  // The tap's own client id when given: the same dose sent twice is recorded once by the server.
  return useMutation<SubmitOutcome, Error, Omit<MedicationEventUpload, "clientId"> & { clientId?: string }>({
    mutationFn: (event) =>
      doseOutbox().submit(
        programId,
        { ...event, clientId: event.clientId ?? crypto.randomUUID() },
        { online: isOnline() },
      ),
    onSuccess: (outcome) => {
      if (outcome.status === "sent") void queryClient.invalidateQueries({ queryKey: keys.medications(programId) });
    },
    networkMode,
    meta: meMeta,
  });
};

/** Takes back a dose the patient recorded (by its client id), on the day it was taken (issue 30 §4.3). */
export const useUndoDose = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, string>({
    mutationFn: (clientId) => meCall(logsApi.undoDose, { params: { projectId: programId, clientId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.medications(programId) });
      void queryClient.invalidateQueries({ queryKey: keys.history(programId) });
    },
    networkMode,
    meta: meMeta,
  });
};

export const useMyHistory = (programId: string) =>
  useQuery({
    queryKey: keys.history(programId),
    queryFn: () =>
      cached(`history.${programId}`, () =>
        meCall(logsApi.myHistory, { params: { projectId: programId }, query: { days: 28 } }),
      ),
    networkMode,
    meta: meMeta,
    retry: false,
  });

export const useDueQuestionnaires = (programId: string) =>
  useQuery({
    queryKey: keys.questionnaires(programId),
    queryFn: async () =>
      (await meCall(questionnaireEventsApi.myEvents, { params: { projectId: programId }, query: { state: "due" } }))
        .due,
    networkMode,
    meta: meMeta,
    retry: false,
  });

export const useQuestionnaireEvent = (programId: string, eventId: string) =>
  useQuery({
    queryKey: keys.questionnaire(programId, eventId),
    queryFn: () => meCall(questionnaireEventsApi.myEvent, { params: { projectId: programId, eventId } }),
    meta: meMeta,
    retry: false,
  });

/** Saves answers as the patient goes (partial), or submits them all (idempotent by clientId). */
export const useSaveAnswers = (programId: string, eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { answers: AnswerInput[]; submit?: boolean; clientId?: string }) =>
      meCall(questionnaireEventsApi.answer, { params: { projectId: programId, eventId }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(keys.questionnaire(programId, eventId), answer);
      void queryClient.invalidateQueries({ queryKey: keys.questionnaires(programId) });
    },
    meta: meMeta,
  });
};

/** Stops questionnaire e-mails: the unsubscribe page's endpoint, the patient's session proving the address. */
export const useUnsubscribeEmails = () =>
  useMutation({
    mutationFn: async () => {
      const me = await meCall(authApi.current);
      return meCall(patientSideApi.unsubscribe, { body: { email: me.email, userId: me.id, isEnabled: false } });
    },
    meta: meMeta,
  });

/** Fetches the patient's own data (a zip) and hands it to the browser as a download. */
export const downloadMyData = (): Promise<string> =>
  meDownload(exportsApi.myData, { accept: "application/zip", fallbackName: "my-openpro-data.zip" });

/** Withdraws consent (the program leaves the home screen the next time it loads). */
export const useWithdraw = () =>
  useMutation({
    mutationFn: (programId: string) =>
      meCall(patientSideApi.consent, { params: { projectId: programId }, body: { consentGiven: false } }),
    meta: meMeta,
  });

// ---------------------------------------------------------------------------------------------
// Forgotten password (/me/forgot-password): the e-mailed code, its check, the new password.

export const useSendResetCode = () =>
  useMutation({
    mutationFn: (email: string) => apiCall(authApi.resetSendOtp, { body: { email, scope: "patient" } }),
    meta: meMeta,
  });

export const useCheckResetCode = () =>
  useMutation({
    mutationFn: (body: { email: string; otpCode: string }) =>
      apiCall(authApi.resetVerifyOtp, { body: { ...body, scope: "patient" } }),
    meta: meMeta,
  });

export const useResetPassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPatientPassword,
    onSuccess: () => queryClient.removeQueries({ queryKey: ["patient-app"] }),
    meta: meMeta,
  });
};

/**
 * A medicine the patient adds to their list, as the phone app adds one (created on its clientId,
 * so a retried request does not add it twice). Online only: a dose names the medicine by the
 * clientId the server must know first.
 */
export const useAddMedication = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (medication: { name: string; dosage?: string; frequency: MedicationFrequency; startDate: string }) =>
      meCall(logsApi.uploadMedications, {
        params: { projectId: programId },
        body: { medications: [{ clientId: crypto.randomUUID(), ...medication }] },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.medications(programId) }),
    meta: meMeta,
  });
};
