import { ButtonLink } from "../components/plain-ui";
import { t } from "../lib/patient-text";

/**
 * The patients' web app (/me), for a patient who would rather not install the app: offered on
 * /get-the-app beside the stores and on /auth-confirm after the consent.
 */
export const UseInBrowserLink = () => (
  <ButtonLink large variant="outlined" href="/me">
    {t("useInBrowser")}
  </ButtonLink>
);
