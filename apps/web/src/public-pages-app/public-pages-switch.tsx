import { isPublicPagePath, PUBLIC_PAGES } from "@openpro/core/schema-free";
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { Alert, Button, Spinner } from "../components/plain-ui";
import { RenderErrorBoundary } from "../components/render-error-boundary";
import { fullPageLoad, matchPagePath, provideInAppNavigation } from "../lib/page-address";
import { t, usePatientLanguage } from "../lib/patient-text";
import { reportError } from "../lib/report-error";
import { PublicPagesLayout } from "./public-pages-layout";

const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

type PublicPage = (typeof PUBLIC_PAGES)[number];

/** Each page of the entry: its module (a chunk of its own) and whether it reads as a wide column or a card. */
const pages: Record<PublicPage, { Page: ComponentType; wide?: true }> = {
  "/invite/:inviteCode": {
    Page: page(() => import("../pages/patient-invite-page"), "PatientInvitePage"),
    wide: true,
  },
  "/auth-consent/:inviteCode": {
    Page: page(() => import("../pages/patient-consent-page"), "PatientConsentPage"),
    wide: true,
  },
  "/demographic-info": { Page: page(() => import("../pages/demographics-page"), "DemographicsPage") },
  "/get-the-app": { Page: page(() => import("../pages/get-the-app-page"), "GetTheAppPage") },
  "/auth-confirm": { Page: page(() => import("../pages/auth-confirm-page"), "AuthConfirmPage") },
  "/unsubscribe": { Page: page(() => import("../pages/unsubscribe-page"), "UnsubscribePage") },
  "/study/:programId": { Page: page(() => import("../pages/study-page"), "StudyPage") },
  "/login": { Page: page(() => import("../pages/login-page"), "LoginPage") },
  "/join/:inviteId": { Page: page(() => import("../pages/join-page"), "JoinPage") },
};

/** The staff sign-in and the staff invitation share the entry; every other page is a patient's. */
export const STAFF_PUBLIC_PAGES: ReadonlySet<PublicPage> = new Set(["/login", "/join/:inviteId"]);

const RenderFailure = ({ error }: { error: unknown }) => {
  useEffect(() => {
    reportError({ name: "Render Error", message: error instanceof Error ? error.message : String(error) });
  }, [error]);
  return (
    <>
      <h1 className="visually-hidden">{t("appName")}</h1>
      <Alert severity="error">{t("somethingWentWrong")}</Alert>
      <Button variant="outlined" onClick={() => window.location.reload()}>
        {t("refresh")}
      </Button>
    </>
  );
};

const currentAddress = () => `${window.location.pathname}${window.location.search}`;

/**
 * The entry's pages by path: a switch on the address, not a router library (issue 19: the router
 * was a fifth of the entry). Moving between these pages stays in the entry (history API); any
 * other address is a full page load of the staff app or the patient app.
 */
export const PublicPagesSwitch = () => {
  const [address, setAddress] = useState(currentAddress);
  const { language } = usePatientLanguage();
  useEffect(() => {
    const follow = () => setAddress(currentAddress());
    window.addEventListener("popstate", follow);
    provideInAppNavigation((to, replace) => {
      const target = new URL(to, window.location.href);
      if (!isPublicPagePath(target.pathname)) {
        fullPageLoad.open(to, replace);
        return;
      }
      if (replace) window.history.replaceState(null, "", to);
      else window.history.pushState(null, "", to);
      window.scrollTo(0, 0);
      follow();
    });
    return () => {
      window.removeEventListener("popstate", follow);
      provideInAppNavigation(null);
    };
  }, []);

  const pathname = address.split("?")[0] ?? "";
  const matched = PUBLIC_PAGES.find((pattern) => matchPagePath(pattern, pathname));
  useEffect(() => {
    // The server sends this entry for its own paths only; anything else belongs elsewhere.
    if (!matched) fullPageLoad.open(`${address}${window.location.hash}`, false);
  }, [matched, address]);
  if (!matched) return <Spinner label={t("loading")} />;
  const { Page, wide } = pages[matched];
  return (
    // Keyed by the language: a new language renders every text of the page again.
    <PublicPagesLayout key={language} wide={!!wide} patient={!STAFF_PUBLIC_PAGES.has(matched)}>
      {/* A new address gets a fresh page and a fresh try after a render error. */}
      <RenderErrorBoundary key={address} fallback={(error) => <RenderFailure error={error} />}>
        <Suspense fallback={<Spinner label={t("loading")} />}>
          <Page />
        </Suspense>
      </RenderErrorBoundary>
    </PublicPagesLayout>
  );
};
