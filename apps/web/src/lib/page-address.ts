/**
 * The address of a page that serves both the staff app and the light entry of the public pages,
 * without a router library: params and query come from the browser's address, and `goTo` moves
 * within the entry that registered an in-app navigation (the public pages' switch), else by a full
 * page load (the server answers each path with the entry that holds it).
 */
type InAppNavigation = (to: string, replace: boolean) => void;

let inApp: InAppNavigation | null = null;

export const provideInAppNavigation = (navigation: InAppNavigation | null): void => {
  inApp = navigation;
};

/**
 * Leaves this entry for `to`: the browser loads it afresh. A property, not a function, so that a
 * test (jsdom loads no page) can see where a page went.
 */
export const fullPageLoad = {
  open: (to: string, replace: boolean): void => {
    if (replace) window.location.replace(to);
    else window.location.assign(to);
  },
};

export const goTo = (to: string, { replace = false }: { replace?: boolean } = {}): void => {
  if (inApp) inApp(to, replace);
  else fullPageLoad.open(to, replace);
};

/** The `:name` segments of `pattern` in `pathname` (decoded), or null when it does not match. */
export const matchPagePath = (pattern: string, pathname: string): Record<string, string> | null => {
  const names: string[] = [];
  const source = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  const match = new RegExp(`^${source}/?$`).exec(pathname);
  if (!match) return null;
  try {
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? "")]));
  } catch {
    return null;
  }
};

/** The current address's `:name` segments for the page's pattern ({} when it does not match). */
export const pageParams = (pattern: string): Record<string, string> =>
  matchPagePath(pattern, window.location.pathname) ?? {};

/** The current address's query string. */
export const pageSearch = (): URLSearchParams => new URLSearchParams(window.location.search);
