import { en } from "./en.js";
import { signInTexts } from "./sign-in.js";

/** The sign-in screen's texts in this language (sign-in.ts); the web build keeps only these of en.ts. */
export const enSignIn = signInTexts(en);
