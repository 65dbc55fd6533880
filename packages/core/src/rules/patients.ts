/** Patient rules (enrolment statuses, verification, invites), shared by the server and the web app. */
import type { InviteMode } from "./programs.js";

export const patientStatuses = [
  "INVITE_SENT",
  "CONSENT_DECLINED",
  "CONSENTED",
  "CONSENT_WITHDRAWN",
  "PROJECT_COMPLETED",
  "STATUS_UNCONFIRMED",
  "INVITE_EXPIRED",
] as const;
export type PatientStatus = (typeof patientStatuses)[number];

/**
 * The statuses of a patient who has consented at some time (even if they withdrew since or the
 * program ended): their data belongs to the program, which shows their dashboard, reports and
 * exports it.
 */
export const consentedStatuses = ["CONSENTED", "CONSENT_WITHDRAWN", "PROJECT_COMPLETED"] as const;
export const hasConsented = (status: string): boolean => (consentedStatuses as readonly string[]).includes(status);

export const patientStatusLabels: Record<PatientStatus, string> = {
  INVITE_SENT: "Invite sent",
  CONSENT_DECLINED: "Consent declined",
  CONSENTED: "Consented",
  CONSENT_WITHDRAWN: "Consent withdrawn",
  PROJECT_COMPLETED: "Completed",
  STATUS_UNCONFIRMED: "Status unconfirmed",
  INVITE_EXPIRED: "Invite expired",
};

export const verificationStatuses = ["N_A", "DECLINED", "AWAITING_VERIFICATION", "VERIFIED"] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];
export const verificationStatusLabels: Record<VerificationStatus, string> = {
  N_A: "Not applicable",
  DECLINED: "Declined",
  AWAITING_VERIFICATION: "Awaiting verification",
  VERIFIED: "Verified",
};

/** Filter chips of the enrolment tab. */
export const enrolmentFilters = [
  "ALL",
  "INVITE_SENT",
  "CONSENT_DECLINED",
  "CONSENTED",
  "CONSENT_WITHDRAWN",
  "VERIFIED",
  "AWAITING_VERIFICATION",
  "PROJECT_COMPLETED",
] as const;
export type EnrolmentFilter = (typeof enrolmentFilters)[number];

/** ALL clears the others; VERIFIED and AWAITING_VERIFICATION exclude each other; both hidden for private programs. */
export const toggleEnrolmentFilter = (
  current: readonly EnrolmentFilter[],
  chip: EnrolmentFilter,
): EnrolmentFilter[] => {
  if (chip === "ALL") return ["ALL"];
  const without = current.filter((f) => f !== "ALL" && f !== chip);
  if (current.includes(chip)) return without.length ? without : ["ALL"];
  const exclusive: Partial<Record<EnrolmentFilter, EnrolmentFilter>> = {
    VERIFIED: "AWAITING_VERIFICATION",
    AWAITING_VERIFICATION: "VERIFIED",
  };
  const other = exclusive[chip];
  return [...without.filter((f) => f !== other), chip];
};

export const visibleEnrolmentFilters = (isPrivate: boolean): EnrolmentFilter[] =>
  enrolmentFilters.filter((f) => !isPrivate || (f !== "VERIFIED" && f !== "AWAITING_VERIFICATION"));

export interface StatusEntry {
  status: PatientStatus;
  date: string;
}
export interface VerificationEntry {
  verificationStatus: VerificationStatus;
  dateUpdated: string;
}
export interface HistoryItem {
  kind: "status" | "verification";
  value: PatientStatus | VerificationStatus;
  date: string;
}

/**
 * The status history shown on an enrolment row: in a non-private program the
 * verification history is merged in, N_A entries are hidden, awaiting and declined entries are
 * shifted one second later so that they sort after the status they follow; newest first.
 */
export const mergeStatusHistory = (
  statuses: readonly StatusEntry[],
  verifications: readonly VerificationEntry[],
  isPrivate: boolean,
): HistoryItem[] => {
  const items: HistoryItem[] = statuses.map((s) => ({ kind: "status", value: s.status, date: s.date }));
  if (!isPrivate) {
    for (const v of verifications) {
      if (v.verificationStatus === "N_A") continue;
      const shift = v.verificationStatus === "AWAITING_VERIFICATION" || v.verificationStatus === "DECLINED" ? 1000 : 0;
      items.push({
        kind: "verification",
        value: v.verificationStatus,
        date: new Date(new Date(v.dateUpdated).getTime() + shift).toISOString(),
      });
    }
  }
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => new Date(b.item.date).getTime() - new Date(a.item.date).getTime() || b.index - a.index)
    .map(({ item }) => item);
};

/** The latest verification entry is the current one. */
export const currentVerification = (history: readonly VerificationEntry[]): VerificationStatus =>
  history.length === 0
    ? "N_A"
    : [...history].sort((a, b) => new Date(a.dateUpdated).getTime() - new Date(b.dateUpdated).getTime()).at(-1)!
        .verificationStatus;

/** Dates of the history as "5 March 2025" (in the program's time zone). */
export const formatHistoryDate = (iso: string, timeZone = "Europe/London"): string =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone }).format(new Date(iso));

/** The add-patient call to action: invite permission, program open, not private, individual invites. */
export const canAddPatients = (
  program: { closed: boolean; isPrivate: boolean; inviteMode: InviteMode },
  mayInvite: boolean,
): boolean => mayInvite && !program.closed && !program.isPrivate && program.inviteMode === "individual";

/**
 * Re-send invite: may invite, and the patient has not accepted or the invite expired;
 * also after the patient declined, since the care team can re-invite.
 */
export const canResendInvite = (
  patient: { status: PatientStatus; inviteAccepted: boolean },
  program: { closed: boolean },
  mayInvite: boolean,
): boolean =>
  mayInvite &&
  !program.closed &&
  (!patient.inviteAccepted || patient.status === "INVITE_EXPIRED" || patient.status === "CONSENT_DECLINED");

/** Verification is offered while awaiting, in programs that are not private. */
export const canVerify = (
  patient: { verificationStatus: VerificationStatus },
  program: { isPrivate: boolean },
): boolean => !program.isPrivate && patient.verificationStatus === "AWAITING_VERIFICATION";

/** Rows of the global search link to the participant page once consented (or withdrawn), else to the settings. */
export const patientSearchLink = (record: {
  id: string;
  patientStatus: PatientStatus;
  project: { projectId: string };
}): string =>
  record.patientStatus === "CONSENTED" || record.patientStatus === "CONSENT_WITHDRAWN"
    ? `/programs/${record.project.projectId}/participants/${record.id}`
    : `/programs/${record.project.projectId}/settings`;

/** Search shows "Completed" for PROJECT_COMPLETED. */
export const searchStatusLabel = (status: PatientStatus): string => patientStatusLabels[status];

export const MINIMUM_AGE_YEARS = 18;

/** At least 18 years old on `today` (YYYY-MM-DD). */
export const isAdult = (dob: string, today: string): boolean => {
  const [y, m, d] = dob.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return age >= MINIMUM_AGE_YEARS;
};
