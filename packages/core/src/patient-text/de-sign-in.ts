import { de } from "./de.js";
import { signInTexts } from "./sign-in.js";

/** The sign-in screen's texts in this language (sign-in.ts); the web build keeps only these of de.ts. */
export const deSignIn = signInTexts(de);
