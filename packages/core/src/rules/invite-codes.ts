/** The invite-code banner of the program pages: expired, expiring within 2 weeks, or none. */
export const INVITE_CODE_WARNING_DAYS = 14;

export interface InviteCodeLike {
  dateExpires: string | null;
}

export type InviteCodeBanner = { kind: "expired" } | { kind: "expiring"; daysLeft: number } | null;

export const inviteCodeBanner = (
  codes: { active: InviteCodeLike | null; inactive: readonly (InviteCodeLike & { dateDeactivated: string | null })[] },
  now: Date,
): InviteCodeBanner => {
  const expiresAt = (code: InviteCodeLike) => (code.dateExpires ? new Date(code.dateExpires).getTime() : null);
  if (codes.active) {
    const end = expiresAt(codes.active);
    if (end === null) return null;
    if (end <= now.getTime()) return { kind: "expired" };
    const daysLeft = Math.ceil((end - now.getTime()) / 86_400_000);
    return daysLeft <= INVITE_CODE_WARNING_DAYS ? { kind: "expiring", daysLeft } : null;
  }
  const latest = [...codes.inactive].sort(
    (a, b) => new Date(b.dateDeactivated ?? 0).getTime() - new Date(a.dateDeactivated ?? 0).getTime(),
  )[0];
  return latest && expiresAt(latest) !== null ? { kind: "expired" } : null;
};

/** Typed from a screen or a leaflet: no 0/O or 1/I look-alikes. */
export const PUBLIC_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const PUBLIC_CODE_LENGTH = 8;
