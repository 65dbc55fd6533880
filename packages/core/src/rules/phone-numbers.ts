import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import type { Territory } from "./programs.js";

/**
 * Phone numbers as a care team types them (issue 33): in the national format of the program's
 * territory ("0113 206 8000" in a UK program) or internationally ("+41 44 668 18 00"), stored in
 * E.164 (+441132068000) so that the app can dial it from abroad. UK/Ireland takes both countries'
 * national formats. One rule for the server and the form (libphonenumber-js, its default metadata).
 */
export const territoryCountries: Record<Territory, readonly CountryCode[]> = {
  UK_IRE: ["GB", "IE"],
  US: ["US"],
  CH: ["CH"],
};

/** The number in E.164, or null when it is no valid number of the territory nor an international one. */
export const phoneToE164 = (input: string, territory: Territory): string | null => {
  const text = input.trim();
  if (text === "") return null;
  for (const defaultCountry of territoryCountries[territory]) {
    const parsed = parsePhoneNumberFromString(text, { defaultCountry });
    if (parsed?.isValid()) return parsed.number;
  }
  return null;
};

/**
 * A stored number as the territory's staff read and type it: nationally when it is of the
 * territory's main country ("0113 206 8000"), internationally otherwise ("+353 1 234 5678",
 * which read back nationally could be taken for a British number). A value stored before numbers
 * were normalised is shown as it was typed.
 */
export const formatPhoneForTerritory = (stored: string, territory: Territory): string => {
  const parsed = parsePhoneNumberFromString(stored.trim());
  if (!parsed?.isValid()) return stored;
  return parsed.country === territoryCountries[territory][0] ? parsed.formatNational() : parsed.formatInternational();
};
