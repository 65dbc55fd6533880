import { Alert, PlainPageTitle } from "../components/plain-ui";
import { DemographicsForm } from "../features/patient-side/components/demographics-form";
import { goTo } from "../lib/page-address";
import { readPatientToken } from "../lib/patient-session";

/** /demographic-info: sex and date of birth, then the app. */
export const DemographicsPage = () => (
  <>
    <PlainPageTitle>About you</PlainPageTitle>
    {readPatientToken() ? (
      <DemographicsForm onSaved={() => goTo("/get-the-app")} />
    ) : (
      <Alert severity="info" role="status">
        Open the link in your invitation e-mail to continue.
      </Alert>
    )}
  </>
);
