import { Alert } from "@mui/material";
import { useSearchParams } from "react-router";
import { PageTitle } from "../components/page-title";
import { decodeEmail, UnsubscribeForm } from "../features/patient-side/components/unsubscribe-form";
import { useClientConfig } from "../lib/client-config";

/** /unsubscribe?email=<base64>&userId=…&token=…: stop questionnaire reminders (doc 3 §2). */
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
        <Alert severity="warning">This link is not complete. Please use the link in the reminder e-mail.</Alert>
      )}
    </>
  );
};
