import { Alert, PlainPageTitle } from "../components/plain-ui";
import { DemographicsForm } from "../features/patient-side/components/demographics-form";
import { goTo } from "../lib/page-address";
import { readPatientToken } from "../lib/patient-session";
import { t } from "../lib/patient-text";

/** /demographic-info: sex and date of birth, then the app. */
export const DemographicsPage = () => (
  <>
    <PlainPageTitle>{t("aboutYouTitle")}</PlainPageTitle>
    {readPatientToken() ? (
      <DemographicsForm onSaved={() => goTo("/get-the-app")} />
    ) : (
      <Alert severity="info" role="status">
        {t("openInvitationToContinue")}
      </Alert>
    )}
  </>
);
