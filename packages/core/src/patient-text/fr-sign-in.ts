import { fr } from "./fr.js";
import { signInTexts } from "./sign-in.js";

/** The sign-in screen's texts in this language (sign-in.ts); the web build keeps only these of fr.ts. */
export const frSignIn = signInTexts(fr);
