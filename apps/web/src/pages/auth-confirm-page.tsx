import { ButtonLink, PlainPageTitle } from "../components/plain-ui";
import { t } from "../lib/patient-text";
import { UseInBrowserLink } from "./use-in-browser-link";

/** /auth-confirm: after consent, what was confirmed and what the patient does next. */
export const AuthConfirmPage = () => (
  <>
    <PlainPageTitle>{t("confirmTitle")}</PlainPageTitle>
    <p className="pu-text">{t("confirmDone")}</p>
    <p className="pu-text">{t("confirmNext")}</p>
    <div className="pu-stack">
      <ButtonLink large href="/get-the-app">
        {t("getTheApp")}
      </ButtonLink>
      <UseInBrowserLink />
    </div>
  </>
);
