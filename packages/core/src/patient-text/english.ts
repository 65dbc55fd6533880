import { en } from "./en.js";
import { enPublic } from "./en-public.js";

/**
 * Every English text of the patients' screens in one object (the app's and the public pages'): for
 * tests and journeys that find a screen by its words. Not for the browser bundles, which load a
 * language's chunk (index.ts's loaders).
 */
export const englishPatientText = { ...en, ...enPublic } as const;

/** The English texts only the public pages show (en-public.ts): the patient app must read none of them. */
export { enPublic as englishPublicPageText } from "./en-public.js";
