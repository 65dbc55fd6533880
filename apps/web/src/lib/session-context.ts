import type { CurrentUser } from "@openpro/core";
import { createContext, useContext } from "react";
import type { TokenPair } from "./tokens";

export type SessionStatus = "signed-out" | "loading" | "signed-in" | "error";

export interface SignOutOptions {
  /** Inactivity sign-out: the login page then shows the expired notice. */
  expired?: boolean;
  /** A toast to show after signing out. */
  message?: string | null;
  /** false when the server already ended the session (password change). */
  callServer?: boolean;
}

export interface Session {
  status: SessionStatus;
  user: CurrentUser | null;
  signIn: (tokens: TokenPair, user?: CurrentUser) => void;
  signOut: (options?: SignOutOptions) => Promise<void>;
  refetchUser: () => Promise<CurrentUser | null>;
}

/** Provided by the app's SessionProvider; read through useSession. */
export const SessionContext = createContext<Session | null>(null);

export const useSession = (): Session => {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside SessionProvider");
  return session;
};
