import type { PatientAppKey, PatientCatalogue } from "./en.js";

/**
 * The texts the patient app's sign-in screen (/me/login) shows before the patient acts: its own,
 * the app's frame around it (skip link, name, language switch, offline banner) and the screen
 * fallbacks. The app loads them first, as a chunk of their own per language (`<language>-sign-in.ts`,
 * made of these keys of the language's file: the web build keeps only them), and the rest of the
 * language's texts right after the first screen, so that the sign-in stays within its budget
 * (bench/bundle-size.ts). A key that screen shows and this list lacks would read as its key until the
 * rest arrive: `apps/web/src/patient-app/sign-in-texts.test.ts` checks the list against the screen's files.
 */
export const signInTextKeys = [
  "appName",
  "skipToContent",
  "language",
  "signInTitle",
  "signInIntro",
  "forgotPasswordLink",
  "email",
  "password",
  "signInButton",
  "signingIn",
  "emailNeeded",
  "passwordNeeded",
  "wrongDetails",
  "staffAccount",
  "tooManyTries",
  "signInFailed",
  "signOut",
  "menuLabel",
  "offline",
  "waitingToSend",
  "loading",
  "screenFailed",
  "tryAgain",
  "notFound",
  "backHome",
] as const satisfies readonly PatientAppKey[];

export type SignInTextKey = (typeof signInTextKeys)[number];

/** The sign-in screen's texts of a language's catalogue. */
export const signInTexts = (catalogue: PatientCatalogue): Record<SignInTextKey, string> =>
  Object.fromEntries(signInTextKeys.map((key) => [key, catalogue[key]])) as Record<SignInTextKey, string>;
