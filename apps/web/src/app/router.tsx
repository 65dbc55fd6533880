import { type ComponentType, lazy, Suspense } from "react";
import { createBrowserRouter, Outlet, type RouteObject } from "react-router";
import { Loading } from "../components/loading";
import { ErrorDialog } from "./error-dialog";
import { PasswordExpiryGate, RequireSession } from "./guards";
import { RouteError } from "./route-error";
import { SessionProvider } from "./session-provider";
import { PublicLayout } from "./shell/public-layout";

/** Code-split a page module by its named export. */
const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

// The signed-in shell is loaded on demand too, so the login page stays small.
const AppShell = page(() => import("./shell/app-shell"), "AppShell");
const AdaptiveLayout = page(() => import("./shell/adaptive-layout"), "AdaptiveLayout");

const LoginPage = page(() => import("../pages/login-page"), "LoginPage");
const TwoFactorPage = page(() => import("../pages/two-factor-page"), "TwoFactorPage");
const ResetPasswordPage = page(() => import("../pages/reset-password-page"), "ResetPasswordPage");
const ConfirmCodePage = page(() => import("../pages/confirm-code-page"), "ConfirmCodePage");
const NewPasswordPage = page(() => import("../pages/new-password-page"), "NewPasswordPage");
const UpdatePasswordPage = page(() => import("../pages/update-password-page"), "UpdatePasswordPage");
const SettingsPage = page(() => import("../pages/settings-page"), "SettingsPage");
const PrivacyPolicyPage = page(() => import("../pages/privacy-policy-page"), "PrivacyPolicyPage");
const EulaPage = page(() => import("../pages/eula-page"), "EulaPage");
const TermsAndConditionsPage = page(() => import("../pages/terms-and-conditions-page"), "TermsAndConditionsPage");
const KeyTermsPage = page(() => import("../pages/key-terms-page"), "KeyTermsPage");
const InstructionsForUsePage = page(() => import("../pages/instructions-for-use-page"), "InstructionsForUsePage");
const PlannedDowntimePage = page(() => import("../pages/planned-downtime-page"), "PlannedDowntimePage");
const UnplannedDowntimePage = page(() => import("../pages/unplanned-downtime-page"), "UnplannedDowntimePage");
const OutboxPage = page(() => import("../pages/outbox-page"), "OutboxPage");
const AuditPage = page(() => import("../pages/audit-page"), "AuditPage");
const AlertsPage = page(() => import("../pages/alerts-page"), "AlertsPage");
const WorklistPage = page(() => import("../pages/worklist-page"), "WorklistPage");
const PreVisitSummaryPage = page(() => import("../pages/pre-visit-summary-page"), "PreVisitSummaryPage");
const ProgramsPage = page(() => import("../pages/programs-page"), "ProgramsPage");
const UsersPage = page(() => import("../pages/users-page"), "UsersPage");
const OrganisationsPage = page(() => import("../pages/organisations-page"), "OrganisationsPage");
const OrganisationCreatePage = page(() => import("../pages/organisation-create-page"), "OrganisationCreatePage");
const OrganisationPage = page(() => import("../pages/organisation-page"), "OrganisationPage");
const ProgramCreatePage = page(() => import("../pages/program-create-page"), "ProgramCreatePage");
const ProgramPage = page(() => import("../pages/program-page"), "ProgramPage");
const ProgramReportsPage = page(() => import("../pages/program-reports-page"), "ProgramReportsPage");
const ProgramDataExportPage = page(() => import("../pages/program-data-export-page"), "ProgramDataExportPage");
const ParticipantsLayoutPage = page(() => import("../pages/participants-layout-page"), "ParticipantsLayoutPage");
const ProgramNoPatientPage = page(() => import("../pages/program-no-patient-page"), "ProgramNoPatientPage");
const PatientAreaPage = page(() => import("../pages/patient-area-page"), "PatientAreaPage");
const PatientDashboardPage = page(() => import("../pages/patient-dashboard-page"), "PatientDashboardPage");
const PatientWeightPage = page(() => import("../pages/patient-weight-page"), "PatientWeightPage");
const PatientTemperaturePage = page(() => import("../pages/patient-temperature-page"), "PatientTemperaturePage");
const PatientMedicationsPage = page(() => import("../pages/patient-medications-page"), "PatientMedicationsPage");
const PatientCalendarPage = page(() => import("../pages/patient-calendar-page"), "PatientCalendarPage");
const PatientAppointmentsPage = page(() => import("../pages/patient-appointments-page"), "PatientAppointmentsPage");
const PatientAppointmentFormPage = page(
  () => import("../pages/patient-appointment-form-page"),
  "PatientAppointmentFormPage",
);
const PatientSymptomPage = page(() => import("../pages/patient-symptom-page"), "PatientSymptomPage");
const PatientQuestionnairesDeliveredPage = page(
  () => import("../pages/patient-questionnaires-delivered-page"),
  "PatientQuestionnairesDeliveredPage",
);
const PatientQuestionnairesScheduledPage = page(
  () => import("../pages/patient-questionnaires-scheduled-page"),
  "PatientQuestionnairesScheduledPage",
);
const PatientQuestionnairesScheduleCreatePage = page(
  () => import("../pages/patient-questionnaires-schedule-create-page"),
  "PatientQuestionnairesScheduleCreatePage",
);
const ProgramSettingsPage = page(() => import("../pages/program-settings-page"), "ProgramSettingsPage");
const AdminPage = page(() => import("../pages/admin-page"), "AdminPage");
const JoinPage = page(() => import("../pages/join-page"), "JoinPage");
const PatientSearchPage = page(() => import("../pages/patient-search-page"), "PatientSearchPage");
const PatientInvitePage = page(() => import("../pages/patient-invite-page"), "PatientInvitePage");
const PatientConsentPage = page(() => import("../pages/patient-consent-page"), "PatientConsentPage");
const DemographicsPage = page(() => import("../pages/demographics-page"), "DemographicsPage");
const GetTheAppPage = page(() => import("../pages/get-the-app-page"), "GetTheAppPage");
const AuthConfirmPage = page(() => import("../pages/auth-confirm-page"), "AuthConfirmPage");
const UnsubscribePage = page(() => import("../pages/unsubscribe-page"), "UnsubscribePage");
const StudyPage = page(() => import("../pages/study-page"), "StudyPage");
const HomePage = page(() => import("../pages/home-page"), "HomePage");
const NotFoundPage = page(() => import("../pages/not-found-page"), "NotFoundPage");

const Root = () => (
  <SessionProvider>
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
    <ErrorDialog />
  </SessionProvider>
);

/** The route table (routes of later issues are added beside these). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      // Maintenance pages are reachable whatever the session state.
      {
        element: <PublicLayout />,
        children: [
          { path: "/planned-downtime/:maintenanceUntil?", element: <PlannedDowntimePage /> },
          { path: "/unplanned-downtime", element: <UnplannedDowntimePage /> },
          // Patient-side pages: no staff session needed, and a staff one is left alone.
          { path: "/demographic-info", element: <DemographicsPage /> },
          { path: "/get-the-app", element: <GetTheAppPage /> },
          { path: "/auth-confirm", element: <AuthConfirmPage /> },
          { path: "/unsubscribe", element: <UnsubscribePage /> },
          { path: "/study/:programId", element: <StudyPage /> },
        ],
      },
      {
        element: <PublicLayout wide />,
        children: [
          { path: "/invite/:inviteCode", element: <PatientInvitePage /> },
          { path: "/auth-consent/:inviteCode", element: <PatientConsentPage /> },
        ],
      },
      {
        element: <RequireSession allowExpiredPassword />,
        children: [
          { element: <PublicLayout />, children: [{ path: "/update-password", element: <UpdatePasswordPage /> }] },
        ],
      },
      {
        element: <PasswordExpiryGate />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              { path: "/login", element: <LoginPage /> },
              { path: "/2FA/:requestType?/:email?", element: <TwoFactorPage /> },
              { path: "/reset-password", element: <ResetPasswordPage /> },
              { path: "/confirm-code", element: <ConfirmCodePage /> },
              { path: "/new-password", element: <NewPasswordPage /> },
              { path: "/join/:inviteId", element: <JoinPage /> },
            ],
          },
          {
            element: <AdaptiveLayout />,
            children: [
              { path: "/privacy-policy", element: <PrivacyPolicyPage /> },
              { path: "/eula", element: <EulaPage /> },
              { path: "/terms-and-conditions", element: <TermsAndConditionsPage /> },
              { path: "/key-terms", element: <KeyTermsPage /> },
              { path: "/instructions-for-use", element: <InstructionsForUsePage /> },
              { path: "*", element: <NotFoundPage /> },
            ],
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppShell />,
            children: [
              { path: "/", element: <HomePage /> },
              { path: "/settings", element: <SettingsPage /> },
              { path: "/programs", element: <ProgramsPage /> },
              { path: "/programs/create", element: <ProgramCreatePage /> },
              {
                path: "/programs/:programId",
                element: <ProgramPage />,
                children: [
                  {
                    // The participant list on the left, the chosen patient's area on the right.
                    element: <ParticipantsLayoutPage />,
                    children: [
                      { index: true, element: <ProgramNoPatientPage /> },
                      { path: "participants", element: <ProgramNoPatientPage /> },
                      {
                        path: "participants/:userId",
                        element: <PatientAreaPage />,
                        children: [
                          { index: true, element: <PatientDashboardPage /> },
                          // The program dashboard links to a patient's dashboard by this address.
                          { path: "dashboard", element: <PatientDashboardPage /> },
                          { path: "weight", element: <PatientWeightPage /> },
                          { path: "temperature", element: <PatientTemperaturePage /> },
                          { path: "medications", element: <PatientMedicationsPage /> },
                          { path: "calendar", element: <PatientCalendarPage /> },
                          { path: "pre-visit-summary", element: <PreVisitSummaryPage /> },
                          { path: "scheduled-nurse-appointment", element: <PatientAppointmentsPage /> },
                          { path: "schedule-nurse-appointment/create", element: <PatientAppointmentFormPage /> },
                          {
                            path: "schedule-nurse-appointment/:appointmentId",
                            element: <PatientAppointmentFormPage />,
                          },
                          { path: "symptoms/:symptomId", element: <PatientSymptomPage /> },
                          { path: "delivered-questionnaires", element: <PatientQuestionnairesDeliveredPage /> },
                          { path: "scheduled-questionnaires", element: <PatientQuestionnairesScheduledPage /> },
                          { path: "schedule/create", element: <PatientQuestionnairesScheduleCreatePage /> },
                        ],
                      },
                    ],
                  },
                  { path: "reports", element: <ProgramReportsPage /> },
                  { path: "reports/data-export", element: <ProgramDataExportPage /> },
                  { path: "settings/:section?/*", element: <ProgramSettingsPage /> },
                ],
              },
              { path: "/users", element: <UsersPage /> },
              { path: "/admin", element: <AdminPage /> },
              { path: "/organisations", element: <OrganisationsPage /> },
              { path: "/organisations/create", element: <OrganisationCreatePage /> },
              { path: "/organisations/:organisationId", element: <OrganisationPage /> },
              { path: "/patients/search", element: <PatientSearchPage /> },
              { path: "/outbox", element: <OutboxPage /> },
              { path: "/audit", element: <AuditPage /> },
              { path: "/alerts", element: <AlertsPage /> },
              { path: "/worklist", element: <WorklistPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
