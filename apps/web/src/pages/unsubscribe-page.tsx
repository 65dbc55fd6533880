import { Alert } from "@mui/material";
import { messages } from "@openpro/core";
import { useSearchParams } from "react-router";
import { PageTitle } from "../components/page-title";
import { decodeEmail, UnsubscribeForm } from "../features/patient-side/components/unsubscribe-form";
import { useClientConfig } from "../lib/client-config";

/**
 * /unsubscribe?email=<base64>&userId=…&token=…: stop questionnaire reminders. The signed token
 * (beyond the specification's e-mail and user id) means only the holder of the e-mail can stop its
 * reminders; a link without it, from an older e-mail, says what to do instead.
 */
export const UnsubscribePage = () => {
  const [search] = useSearchParams();
  const { supportEmail } = useClientConfig();
  const email = decodeEmail(search.get("email") ?? "");
  const userId = search.get("userId") ?? "";
  const token = search.get("token") ?? "";
  return (
    <>
      <PageTitle>Questionnaire reminders</PageTitle>
      {email && userId && token ? (
        <UnsubscribeForm email={email} userId={userId} token={token} supportEmail={supportEmail} />
      ) : (
        <Alert severity="warning">{messages.unsubscribeLinkOutdated(supportEmail)}</Alert>
      )}
    </>
  );
};
