/** Program rules that the server and the web app both apply. */

export const territories = ["UK_IRE", "US", "CH"] as const;
export type Territory = (typeof territories)[number];
export const territoryLabels: Record<Territory, string> = { UK_IRE: "UK/Ireland", US: "USA", CH: "Switzerland" };
/** IANA zone that displays a program's dates and times. */
export const territoryTimeZones: Record<Territory, string> = {
  UK_IRE: "Europe/London",
  US: "America/New_York",
  CH: "Europe/Zurich",
};

export const inviteModes = ["individual", "public"] as const;

/**
 * The program's kind (2-participants.md §3 Program): a private program is the restricted kind —
 * no patient is added by the care team and none is verified. Chosen at creation, never changed
 * (a change would re-read every patient's verification state).
 */
export const programKinds = ["individual", "private"] as const;
export type ProgramKind = (typeof programKinds)[number];
export const programKindLabels: Record<ProgramKind, string> = {
  individual: "Standard: the care team adds and verifies patients",
  private: "Private: patients join with an invite code and are not verified",
};
export type InviteMode = (typeof inviteModes)[number];

export const patientIdTypes = [
  { id: "nhs_number", name: "NHS Number" },
  { id: "social_security_number", name: "Social Security Number" },
  { id: "hospital_id", name: "Hospital ID" },
  { id: "sciensus_id", name: "Sciensus ID" },
  { id: "other", name: "Other" },
] as const;
export type PatientIdType = (typeof patientIdTypes)[number]["id"];

/** Log categories whose free-text notes a program can switch off. */
export const noteTypes = ["activity", "appointments", "medications", "symptoms", "temperature"] as const;
export type NoteType = (typeof noteTypes)[number];

/** Closed once ended by an admin, or once its end date has passed (the end date is its last day). */
export const isProgramClosed = (program: { endDate: string | null; endedAt: string | null }, today: string): boolean =>
  !!program.endedAt || (!!program.endDate && program.endDate < today);

/**
 * Where a program stands on `today` (its territory's date): closed (see isProgramClosed), or
 * active (started and not closed). A program not started yet is neither.
 */
export const programState = (
  program: { startDate: string; endDate: string | null; endedAt: string | null },
  today: string,
): { closed: boolean; active: boolean } => {
  const closed = isProgramClosed(program, today);
  return { closed, active: !closed && program.startDate <= today };
};

/** One formatter per territory: building an Intl.DateTimeFormat costs more than the rest of a list row. */
const dayFormats = new Map<Territory, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in the program's territory. */
export const todayIn = (territory: Territory, now: Date): string => {
  let format = dayFormats.get(territory);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: territoryTimeZones[territory],
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(territory, format);
  }
  return format.format(now);
};
