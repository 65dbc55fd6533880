import { es } from "./es.js";
import { signInTexts } from "./sign-in.js";

/** The sign-in screen's texts in this language (sign-in.ts); the web build keeps only these of es.ts. */
export const esSignIn = signInTexts(es);
