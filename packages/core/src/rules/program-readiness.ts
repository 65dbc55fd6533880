/**
 * Whether a program is ready to reach patients (issue 30 §1), and the territory defaults that a
 * new program starts with and that an unconfigured program falls back to: a patient is never left
 * with nothing. The server refuses invitations while a readiness item is missing; the settings page
 * lists the missing items with a link to each.
 */
import { patientServedText, servedTextIn } from "../patient-text/served.js";
import { defaultEscalationMinutes } from "./alerts.js";
import { type PatientLanguage, patientLanguages, programDefaultLanguage } from "./patient-language.js";
import type { Territory } from "./programs.js";

/** A number a patient may call in an emergency, as the territory's services publish it. */
export interface EmergencyNumber {
  number: string;
  /** What the number reaches, for people ("ambulance"); empty when it is the general one. */
  service: string;
}

/**
 * The territory's emergency numbers, first the one to call first. UK 999 (112 also works); Ireland
 * 112 or 999 (one territory with the UK: both numbers reach the services in both); Switzerland 144
 * is the ambulance, 112 the European number; US 911.
 */
export const emergencyNumbers: Record<Territory, readonly EmergencyNumber[]> = {
  UK_IRE: [
    { number: "999", service: "" },
    { number: "112", service: "" },
  ],
  CH: [
    { number: "144", service: "ambulance" },
    { number: "112", service: "" },
  ],
  US: [{ number: "911", service: "" }],
};

/**
 * What a program gets when its creator gave none, and what an upload uses while a setting is
 * missing. Fever at 38.0 °C or more (NICE NG151, neutropenic sepsis in people having cancer
 * treatment): ASCO/IDSA use 38.3 °C once or 38.0 °C sustained for an hour; the app sees single
 * readings, so the stricter 38.0 °C once. Thresholds are "out of range" strictly outside min..max
 * and thermometers read to 0.1 °C, so the highest normal reading is 37.9 °C. Below 35.0 °C is
 * hypothermia. The messages name no number: every alert message a patient sees is followed by the
 * program's care-team phones and the territory's emergency numbers (alertCallLine), taken from the
 * program's settings when it is shown, so a changed phone number is never stale in a stored text.
 */
export interface TerritoryAlertDefaults {
  temperatureMin: number;
  temperatureMax: number;
  temperatureMessage: string;
  defaultAlertMessage: string;
  escalationMinutes: number;
}

export const territoryAlertDefaults = (territory: Territory): TerritoryAlertDefaults => ({
  temperatureMin: 35.0,
  temperatureMax: 37.9,
  // OpenPRO's own texts in the program's default language (German in Switzerland), the language the staff's
  // settings say the program's texts are in; a patient reads them in theirs (alertTextIn). Read inside the
  // function, not at module level, so a page that imports only the emergency numbers does not carry every
  // language's served texts (the patient app's bundle budget).
  temperatureMessage: patientServedText[programDefaultLanguage(territory)].defaultTemperatureAlertMessage,
  defaultAlertMessage: patientServedText[programDefaultLanguage(territory)].defaultSymptomAlertMessage,
  escalationMinutes: defaultEscalationMinutes,
});

/**
 * Whether a program's alert message is still OpenPRO's own text (in any language: a program created before its
 * territory's default language was used keeps the English), so that a patient may read our translation of it.
 */
export const isOpenProAlertText = (
  text: string,
  key: "defaultSymptomAlertMessage" | "defaultTemperatureAlertMessage",
): boolean => patientLanguages.some((language) => patientServedText[language][key] === text);

/** The program's own thresholds and message, each missing one taken from the territory's defaults. */
export const effectiveTemperatureSettings = (program: {
  territory: Territory;
  temperatureMin: number | null;
  temperatureMax: number | null;
  temperatureMessage: string | null;
}) => {
  const defaults = territoryAlertDefaults(program.territory);
  return {
    temperatureMin: program.temperatureMin ?? defaults.temperatureMin,
    temperatureMax: program.temperatureMax ?? defaults.temperatureMax,
    temperatureMessage: program.temperatureMessage?.trim() || defaults.temperatureMessage,
  };
};

/** A care-team phone as the patient is shown it: whose it is and the number. */
export interface CallNumber {
  careTeamName: string;
  phone: string;
}

/** The first phone of each care-team contact, in the program's order. */
export const careTeamCallNumbers = (
  contacts: readonly { careTeamName: string; contactPhones: readonly string[] }[],
): CallNumber[] =>
  contacts.flatMap((c) => {
    const phone = c.contactPhones.find((p) => p.trim() !== "");
    return phone ? [{ careTeamName: c.careTeamName, phone: phone.trim() }] : [];
  });

/** "a, or b, or c" in `language`, through a served text that joins two ({first}, {second}). */
const joined = (
  language: PatientLanguage,
  key: "alertCallTeamEither" | "alertCallEither",
  parts: readonly string[],
): string => parts.reduce((first, second) => servedTextIn(language, key, { first, second }));

/**
 * The sentence every severe-symptom and temperature message ends with: who to call and the
 * emergency number, from the program's own settings, in `language` (the language of the message
 * it ends: a patient reads one text in one language).
 */
export const alertCallLine = (
  territory: Territory,
  callNumbers: readonly CallNumber[],
  language: PatientLanguage = "en",
): string => {
  const emergency = joined(
    language,
    "alertCallEither",
    emergencyNumbers[territory].map((e) =>
      e.service === "ambulance"
        ? servedTextIn(language, "alertEmergencyAmbulance", { number: e.number })
        : e.service
          ? `${e.number} (${e.service})`
          : e.number,
    ),
  );
  const contacts = callNumbers.map((c) =>
    servedTextIn(language, "alertCallContact", { name: c.careTeamName, phone: c.phone }),
  );
  return contacts.length > 0
    ? servedTextIn(language, "alertCallTeam", { team: joined(language, "alertCallTeamEither", contacts), emergency })
    : servedTextIn(language, "alertCallYourTeam", { emergency });
};

/**
 * The program's message followed by the call line in `language` (once: a message that already
 * ends with it is kept).
 */
export const withCallLine = (
  message: string,
  territory: Territory,
  callNumbers: readonly CallNumber[],
  language: PatientLanguage = "en",
) => {
  const line = alertCallLine(territory, callNumbers, language);
  const text = message.trim();
  return text.endsWith(line) ? text : `${text}\n\n${line}`;
};

// ---------------------------------------------------------------------------------------------
// Readiness

export const readinessKeys = ["care-team-phone", "temperature-thresholds", "alert-messages", "escalation"] as const;
export type ReadinessKey = (typeof readinessKeys)[number];

/** Where each item is fixed: the program settings page's tab (a path under /programs/{id}/settings/). */
export const readinessSettingsPaths: Record<ReadinessKey, string> = {
  "care-team-phone": "general/careTeamInformation",
  "temperature-thresholds": "general/generalProgramSettings",
  "alert-messages": "general/symptomsAlerts",
  escalation: "general/symptomsAlerts",
};

export const readinessMessages: Record<ReadinessKey, string> = {
  "care-team-phone": "Add a care-team contact with a phone number, so that patients know whom to call.",
  "temperature-thresholds": "Set the temperature thresholds (low, high) and the message patients see.",
  "alert-messages": "Give an alert message for every severe grade of every symptom, or one default alert message.",
  escalation:
    "Set up escalation: the delay after which an open alert is e-mailed on, and a program admin (or team member who sees patients) to receive it.",
};

export interface ReadinessItem {
  key: ReadinessKey;
  message: string;
  /** The settings tab that fixes it, relative to /programs/{id}/settings/. */
  settingsPath: string;
}

/** What readiness needs to know of a program's settings. */
export interface ReadinessInput {
  careTeam: readonly { contactPhones: readonly string[] }[];
  temperatureMin: number | null;
  temperatureMax: number | null;
  temperatureMessage: string | null;
  defaultAlertMessage: string | null;
  /** The program's symptom-and-grade pairs that have an alert message. */
  alertMessagePairs: readonly { logTypeId: string; grade: number }[];
  /** The escalation delay the program set (null: never set). */
  escalationMinutes: number | null;
  /** How many people an escalation would reach. */
  escalationRecipients: number;
}

/** What the settings page says of readiness (staff-facing). */
export const readinessTexts = {
  title: "Ready for patients?",
  ready: "This program is ready for patients: invitations and invite codes work.",
  notReady: "This program is not ready for patients. Invitations and invite codes are refused until these are set:",
  fix: "Open the setting",
  defaultsTitle: "Territory defaults: please confirm them",
  defaults: (d: { temperatureMin: number; temperatureMax: number; escalationMinutes: number }, emergency: string) =>
    `Unless you set your own, patients get an alert below ${d.temperatureMin.toFixed(1)} °C or above ${d.temperatureMax.toFixed(1)} °C (a fever of 38.0 °C or more), a default message after any severe symptom, and every alert message ends with your care team's phone numbers and the emergency number (${emergency}). An alert still open after ${d.escalationMinutes} minutes is e-mailed to the program's admins.`,
  defaultAlertMessageHint:
    "Shown to a patient after a severe grade (3 or 4) of any symptom you gave no message of its own, followed by your care team's phone numbers and the emergency number.",
};

/** "Not ready for patients: …" — the refusal of an invitation names every missing item. */
export const programNotReadyMessage = (missing: readonly ReadinessItem[]) =>
  `This program is not ready for patients yet. ${missing.map((m) => m.message).join(" ")}`;
