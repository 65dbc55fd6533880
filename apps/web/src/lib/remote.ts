import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "./api-error";
import { goTo } from "./page-address";
import { reportError } from "./report-error";

/**
 * Loading and sending for the light patient-side pages, without a query library: each call's
 * component shows its own failures, and what none of them handles (maintenance, a server fault,
 * no network) takes the catalogue's global outcome here.
 */
export type Remote<T> =
  | { isPending: true; isError: false; isSuccess: false; data: undefined; error: null }
  | { isPending: false; isError: true; isSuccess: false; data: undefined; error: unknown }
  | { isPending: false; isError: false; isSuccess: true; data: T; error: null };

const pending = { isPending: true, isError: false, isSuccess: false, data: undefined, error: null } as const;
const failed = (error: unknown) =>
  ({ isPending: false, isError: true, isSuccess: false, data: undefined, error }) as const;
const succeeded = <T>(data: T) => ({ isPending: false, isError: false, isSuccess: true, data, error: null }) as const;

/**
 * The catalogue's global outcomes that concern a signed-out patient (mapApiError): 503 opens the
 * maintenance page; a server fault or no answer is reported. Anything else the page shows itself.
 */
export const handleUnhandledRemoteError = (error: unknown): void => {
  if (!(error instanceof ApiError)) return;
  if (error.status === 503) {
    goTo(
      error.maintenanceUntil
        ? `/planned-downtime/${encodeURIComponent(error.maintenanceUntil)}`
        : "/unplanned-downtime",
    );
    return;
  }
  if (error.status === undefined || error.status >= 500) {
    reportError({
      name: "API Error",
      message: error.message,
      extra: { status: error.status, errorCode: error.errorCode },
    });
  }
};

/** Answers kept for the page's life (an invitation read by the invitation and the consent page alike). */
const loaded = new Map<string, Promise<unknown>>();

/** Forget what was loaded (tests start each from nothing). */
export const forgetLoadedData = (): void => loaded.clear();

/** Loads once per key and page life; a failure is tried again by the next component that asks. */
export const useRemoteData = <T>(key: string, load: () => Promise<T>): Remote<T> => {
  const [state, setState] = useState<{ key: string; remote: Remote<T> }>({ key, remote: pending });
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let current = true;
    let promise = loaded.get(key) as Promise<T> | undefined;
    if (!promise) {
      promise = loadRef.current();
      loaded.set(key, promise);
      promise.catch((error: unknown) => {
        loaded.delete(key);
        handleUnhandledRemoteError(error);
      });
    }
    setState((previous) => (previous.key === key ? previous : { key, remote: pending }));
    promise.then(
      (data) => current && setState({ key, remote: succeeded(data) }),
      (error: unknown) => current && setState({ key, remote: failed(error) }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return state.key === key ? state.remote : pending;
};

type ActionState<T> = { isPending: false; isError: false; isSuccess: false; data: undefined; error: null } | Remote<T>;

/** One sending action (sign in, consent, save): its state, and `mutate` (outcome callbacks) or `mutateAsync`. */
export const useRemoteAction = <A, T>(send: (args: A) => Promise<T>) => {
  const [state, setState] = useState<ActionState<T>>({
    isPending: false,
    isError: false,
    isSuccess: false,
    data: undefined,
    error: null,
  });
  const sendRef = useRef(send);
  sendRef.current = send;
  const mutateAsync = useCallback(async (args: A): Promise<T> => {
    setState(pending);
    try {
      const data = await sendRef.current(args);
      setState(succeeded(data));
      return data;
    } catch (error) {
      setState(failed(error));
      handleUnhandledRemoteError(error);
      throw error;
    }
  }, []);
  const mutate = useCallback(
    (
      args: A,
      callbacks: { onSuccess?: (data: T) => void; onError?: (error: unknown) => void; onSettled?: () => void } = {},
    ) => {
      mutateAsync(args).then(
        (data) => {
          callbacks.onSuccess?.(data);
          callbacks.onSettled?.();
        },
        (error: unknown) => {
          callbacks.onError?.(error);
          callbacks.onSettled?.();
        },
      );
    },
    [mutateAsync],
  );
  return { ...state, mutate, mutateAsync };
};
