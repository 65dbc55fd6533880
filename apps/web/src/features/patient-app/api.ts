import {
  type AlertMessageAnswer,
  authApi,
  type LogType,
  type LogUpload,
  logsApi,
  type PatientProgram,
  patientSideApi,
} from "@openpro/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "../../lib/http";
import { readStorage, writeStorage } from "../../lib/storage-keys";
import { createOutbox, type SubmitOutcome } from "./outbox";
import { browserStore } from "./outbox-store";
import { meCall, readMeUserId, signInPatient, signOutPatient } from "./session";

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

let browserOutbox: ReturnType<typeof createOutbox> | null = null;
const outbox = () => {
  browserOutbox ??= createOutbox({
    store: browserStore(),
    send: (programId, logs) => meCall(logsApi.upload, { params: { projectId: programId }, body: { logs } }),
    owner: readMeUserId,
  });
  return browserOutbox;
};

const isOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

export const useSubmitLog = () =>
  useMutation<SubmitOutcome, Error, { programId: string; log: LogUpload }>({
    mutationFn: ({ programId, log }) => outbox().submit(programId, log, { online: isOnline() }),
    networkMode,
    meta: meMeta,
  });

/** Logs waiting on this device, kept up to date (null until the device's store has been read). */
export const usePendingCount = (): number | null => {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void outbox()
      .pending()
      .then((queue) => {
        if (live) setCount(queue.length);
      });
    const unsubscribe = outbox().subscribe(setCount);
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  return count;
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
  useEffect(() => {
    let live = true;
    const flush = (force: boolean) => {
      if (!isOnline()) return;
      void outbox()
        .flush({ force })
        .then((alerts) => {
          if (live && alerts.length > 0) onAlerts(alerts);
        });
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
  }, [onAlerts]);
};
