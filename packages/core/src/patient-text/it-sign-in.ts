import { it } from "./it.js";
import { signInTexts } from "./sign-in.js";

/** The sign-in screen's texts in this language (sign-in.ts); the web build keeps only these of it.ts. */
export const itSignIn = signInTexts(it);
