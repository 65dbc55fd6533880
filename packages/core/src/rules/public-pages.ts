/**
 * The pages anyone opens from a link or the sign-in, before (or without) a staff session: a
 * patient's invitation and what follows it, the staff sign-in and the staff invitation (the
 * spec's "patient-side and public pages", with /login). The server answers them with the light
 * entry (public-pages.html: no staff shell, no admin features, no MUI or zod), and that entry's
 * path switch holds exactly these pages. Any other address is a full page load of the staff app
 * (or of the patient app under /me).
 */
export const PUBLIC_PAGES = [
  "/invite/:inviteCode",
  "/auth-consent/:inviteCode",
  "/demographic-info",
  "/get-the-app",
  "/auth-confirm",
  "/unsubscribe",
  "/study/:programId",
  "/login",
  "/join/:inviteId",
] as const;

const patterns = PUBLIC_PAGES.map((page) => new RegExp(`^${page.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`));

/** Is this path (no query string) one of the public pages? */
export const isPublicPagePath = (path: string): boolean => patterns.some((pattern) => pattern.test(path));
