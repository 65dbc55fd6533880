import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { type ComponentType, lazy, Suspense } from "react";
import { Outlet, type RouteObject, useLocation, useRoutes } from "react-router";
import { Loading } from "../components/loading";
import { RenderErrorBoundary } from "../components/render-error-boundary";
import { RouterLink } from "../components/router-link";
import { t } from "../lib/patient-text";
import { touch } from "./components/me-layout";

/** Code-split a screen by its named export: the first load carries only the screen opened. */
const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const MeLoginPage = page(() => import("./pages/me-login-page"), "MeLoginPage");
const MeForgotPasswordPage = page(() => import("./pages/me-forgot-password-page"), "MeForgotPasswordPage");
const MeHomePage = page(() => import("./pages/me-home-page"), "MeHomePage");
const MeLogSymptomPage = page(() => import("./pages/me-log-symptom-page"), "MeLogSymptomPage");
const MeLogTemperaturePage = page(() => import("./pages/me-log-temperature-page"), "MeLogTemperaturePage");
const MeLogWeightPage = page(() => import("./pages/me-log-weight-page"), "MeLogWeightPage");
const MeLogActivityPage = page(() => import("./pages/me-log-activity-page"), "MeLogActivityPage");
const MeLogFeelingPage = page(() => import("./pages/me-log-feeling-page"), "MeLogFeelingPage");
const MeMedicationsPage = page(() => import("./pages/me-medications-page"), "MeMedicationsPage");
const MeQuestionnairePage = page(() => import("./pages/me-questionnaire-page"), "MeQuestionnairePage");
const MeHistoryPage = page(() => import("./pages/me-history-page"), "MeHistoryPage");
const MeSettingsPage = page(() => import("./pages/me-settings-page"), "MeSettingsPage");

const Root = () => {
  const { pathname } = useLocation();
  return (
    // A new address gets a fresh try after a failed screen.
    <RenderErrorBoundary key={pathname} fallback={() => <ScreenError />}>
      <Suspense fallback={<Loading label={t("loading")} />}>
        <Outlet />
      </Suspense>
    </RenderErrorBoundary>
  );
};

/** A screen that failed to load (offline before it was ever opened) or crashed. */
const ScreenError = () => (
  <Box component="main" sx={{ p: 3, maxWidth: 560, mx: "auto" }}>
    <Typography variant="h1" sx={{ fontSize: "1.75rem", mb: 2 }}>
      {t("appName")}
    </Typography>
    <Alert severity="error" sx={{ mb: 2 }}>
      {t("screenFailed")}
    </Alert>
    <Button variant="contained" sx={touch} onClick={() => window.location.reload()}>
      {t("tryAgain")}
    </Button>
  </Box>
);

const NotFound = () => (
  <Box component="main" sx={{ p: 3, maxWidth: 560, mx: "auto" }}>
    <Typography variant="h1" sx={{ fontSize: "1.75rem", mb: 2 }}>
      {t("notFound")}
    </Typography>
    <Button component={RouterLink} to="/me" variant="contained" sx={touch}>
      {t("backHome")}
    </Button>
  </Box>
);

export const patientRoutes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: "/me", element: <MeHomePage /> },
      { path: "/me/login", element: <MeLoginPage /> },
      { path: "/me/forgot-password", element: <MeForgotPasswordPage /> },
      { path: "/me/log/symptom", element: <MeLogSymptomPage /> },
      { path: "/me/log/temperature", element: <MeLogTemperaturePage /> },
      { path: "/me/log/weight", element: <MeLogWeightPage /> },
      { path: "/me/log/activity", element: <MeLogActivityPage /> },
      { path: "/me/log/feeling", element: <MeLogFeelingPage /> },
      { path: "/me/medications", element: <MeMedicationsPage /> },
      { path: "/me/questionnaires/:programId/:eventId", element: <MeQuestionnairePage /> },
      { path: "/me/history", element: <MeHistoryPage /> },
      { path: "/me/settings", element: <MeSettingsPage /> },
      { path: "*", element: <NotFound /> },
    ],
  },
];

/** Matched by a declarative router (BrowserRouter in patient-app.tsx): no loader, action or blocker here. */
export const PatientRoutes = () => useRoutes(patientRoutes);
