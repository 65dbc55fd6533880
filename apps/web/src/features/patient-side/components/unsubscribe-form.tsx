import { useState } from "react";
import { Alert, Button, Checkbox } from "../../../components/plain-ui";
import { t } from "../../../lib/patient-text";
import { useUnsubscribe } from "../api";

/** Decodes the link's base64 e-mail; null when it is not valid base64. */
export const decodeEmail = (encoded: string): string | null => {
  try {
    const binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
};

/** Stop questionnaire reminder e-mails: the checkbox enables Confirm; after success it is disabled and says so. */
export const UnsubscribeForm = ({
  email,
  userId,
  token,
  supportEmail,
}: {
  email: string;
  userId: string;
  token: string;
  supportEmail: string;
}) => {
  const unsubscribe = useUnsubscribe();
  const [checked, setChecked] = useState(false);
  const done = unsubscribe.isSuccess;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (checked && !done) unsubscribe.mutate({ email, userId, token, isEnabled: false });
      }}
    >
      <Checkbox checked={checked} disabled={done} onChecked={setChecked} label={t("stopRemindersTo", { email })} />
      {unsubscribe.isError ? <Alert severity="error">{t("unsubscribeFailedContact", { supportEmail })}</Alert> : null}
      {done ? (
        <Alert severity="success" role="status">
          {t("unsubscribed")}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        large
        className="pu-submit"
        disabled={!checked || done || unsubscribe.isPending}
      >
        {t("unsubscribeConfirm")}
      </Button>
    </form>
  );
};
