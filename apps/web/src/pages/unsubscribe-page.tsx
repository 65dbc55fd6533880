import { Alert, PlainPageTitle } from "../components/plain-ui";
import { decodeEmail, UnsubscribeForm } from "../features/patient-side/components/unsubscribe-form";
import { useClientConfig } from "../lib/client-config";
import { pageSearch } from "../lib/page-address";
import { t } from "../lib/patient-text";

/**
 * /unsubscribe?email=<base64>&userId=…&token=…: stop questionnaire reminders. The signed token
 * (beyond the specification's e-mail and user id) means only the holder of the e-mail can stop its
 * reminders; a link without it, from an older e-mail, says what to do instead.
 */
export const UnsubscribePage = () => {
  const search = pageSearch();
  const { supportEmail } = useClientConfig();
  const email = decodeEmail(search.get("email") ?? "");
  const userId = search.get("userId") ?? "";
  const token = search.get("token") ?? "";
  return (
    <>
      <PlainPageTitle>{t("remindersTitle")}</PlainPageTitle>
      {email && userId && token ? (
        <UnsubscribeForm email={email} userId={userId} token={token} supportEmail={supportEmail} />
      ) : (
        <Alert severity="warning">{t("unsubscribeLinkOutdated", { supportEmail })}</Alert>
      )}
    </>
  );
};
