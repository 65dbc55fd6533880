import { PATIENT_SIDE_PAGES } from "@openpro/core";
import { type ComponentType, lazy, type ReactElement, Suspense, useEffect } from "react";
import { Outlet, type RouteObject, useLocation, useNavigate, useRoutes } from "react-router";
import { ErrorDialog } from "../app/error-dialog";
import { connectErrorEffects } from "../app/error-handling";
import { RenderErrorBoundary } from "../app/render-error-boundary";
import { RenderError } from "../app/route-error";
import { PublicLayout } from "../app/shell/public-layout";
import { Loading } from "../components/loading";

const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const PatientInvitePage = page(() => import("../pages/patient-invite-page"), "PatientInvitePage");
const PatientConsentPage = page(() => import("../pages/patient-consent-page"), "PatientConsentPage");
const DemographicsPage = page(() => import("../pages/demographics-page"), "DemographicsPage");
const GetTheAppPage = page(() => import("../pages/get-the-app-page"), "GetTheAppPage");
const AuthConfirmPage = page(() => import("../pages/auth-confirm-page"), "AuthConfirmPage");
const UnsubscribePage = page(() => import("../pages/unsubscribe-page"), "UnsubscribePage");
const StudyPage = page(() => import("../pages/study-page"), "StudyPage");

/** A full page load: the address belongs to the staff app or the patient app, not to this entry. */
const ElsewhereInTheProduct = () => {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.assign(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <Loading />;
};

const Root = () => {
  const navigate = useNavigate();
  useEffect(() => {
    // No staff session here: a sign-out outcome goes to the staff sign-in, as a full page load.
    connectErrorEffects({
      navigate: (to) => navigate(to),
      logout: () => window.location.assign("/login"),
      currentEmail: () => undefined,
    });
    return () => connectErrorEffects(null);
  }, [navigate]);
  const { pathname } = useLocation();
  return (
    <>
      {/* A new address gets a fresh try after a render error. */}
      <RenderErrorBoundary key={pathname} fallback={(error) => <RenderError error={error} />}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </RenderErrorBoundary>
      <ErrorDialog />
    </>
  );
};

type PatientSidePage = (typeof PATIENT_SIDE_PAGES)[number];
const pages: Record<PatientSidePage, { element: ReactElement; wide?: true }> = {
  "/invite/:inviteCode": { element: <PatientInvitePage />, wide: true },
  "/auth-consent/:inviteCode": { element: <PatientConsentPage />, wide: true },
  "/demographic-info": { element: <DemographicsPage /> },
  "/get-the-app": { element: <GetTheAppPage /> },
  "/auth-confirm": { element: <AuthConfirmPage /> },
  "/unsubscribe": { element: <UnsubscribePage /> },
  "/study/:programId": { element: <StudyPage /> },
};

const routesIn = (wide: boolean) =>
  PATIENT_SIDE_PAGES.filter((path) => !!pages[path].wide === wide).map((path) => ({
    path,
    element: pages[path].element,
  }));

export const patientSideRoutes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { element: <PublicLayout />, children: routesIn(false) },
      { element: <PublicLayout wide />, children: routesIn(true) },
      { path: "*", element: <ElsewhereInTheProduct /> },
    ],
  },
];

/**
 * The routes, matched by a declarative router (BrowserRouter in patient-side-app.tsx): these pages
 * use no loader, action or blocker, and the data router would be a quarter of the entry's weight.
 */
export const PatientSideRoutes = () => useRoutes(patientSideRoutes);
