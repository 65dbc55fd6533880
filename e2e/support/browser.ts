import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Content-Security-Policy violations seen by any page of this file's browser (the CSP allows no
 * inline script and no inline style without the page's nonce): a library that injects styles its
 * own way shows here, and `expectAccessible` and closing the browser fail the journey on it.
 */
const cspViolations: string[] = [];

/** The violations recorded since the last call (and forgets them). */
export const takeCspViolations = () => cspViolations.splice(0);

const CSP_MARKER = "[csp-violation]";

/** Every page of the context reports violations (the DOM event and Chromium's console error). */
const guardContentSecurityPolicy = async (context: BrowserContext) => {
  await context.addInitScript((marker) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `${marker} ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  }, CSP_MARKER);
  context.on("console", (message) => {
    const text = message.text();
    if (text.startsWith(CSP_MARKER) || /Content Security Policy/i.test(text))
      cspViolations.push(`${message.page()?.url() ?? "?"}: ${text.replace(CSP_MARKER, "").trim()}`);
  });
};

/** Debian's Chromium, headless, with no calls to the outside world; every context guarded for CSP. */
export const launchBrowser = async (): Promise<Browser> => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
  const newContextOf = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContextOf(options);
    await guardContentSecurityPolicy(context);
    return context;
  };
  const close = browser.close.bind(browser);
  browser.close = async (options) => {
    await close(options);
    const left = takeCspViolations();
    if (left.length > 0) throw new Error(`Content-Security-Policy violations:\n${left.join("\n")}`);
  };
  return browser;
};

export const newContext = (browser: Browser, baseURL: string): Promise<BrowserContext> =>
  browser.newContext({ baseURL, viewport: { width: 1280, height: 860 }, locale: "en-GB" });

/** A phone (390 × 844, touch, twice the pixels) whose browser reads `locale`; nothing signed in, nothing remembered. */
export const newPhoneContext = (browser: Browser, baseURL: string, locale = "en-GB"): Promise<BrowserContext> =>
  browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
  });

/** axe-core scan of the page as it is now; returns readable violations (none expected). */
export const accessibilityViolations = async (page: Page): Promise<string[]> => {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
};

export const screenshotDir = process.env.E2E_SCREENSHOTS ?? "test-results/screenshots";
