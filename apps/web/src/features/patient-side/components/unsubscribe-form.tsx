import { useState } from "react";
import { Alert, Button, Checkbox, Snackbar } from "../../../components/plain-ui";
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

/** How long the success snackbar shows (3-settings.md: "3 seconds for unsubscribe"). */
export const unsubscribedSnackbarMs = 3000;

/**
 * Stop questionnaire reminder e-mails: the checkbox enables Confirm; after success a snackbar says so
 * for 3 seconds and the checkbox stays ticked and disabled (decision 005).
 */
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
  const [snackbarOpen, setSnackbarOpen] = useState(false);
  const done = unsubscribe.isSuccess;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (checked && !done)
          unsubscribe.mutate({ email, userId, token, isEnabled: false }, { onSuccess: () => setSnackbarOpen(true) });
      }}
    >
      <Checkbox checked={checked} disabled={done} onChecked={setChecked} label={t("stopRemindersTo", { email })} />
      {unsubscribe.isError ? <Alert severity="error">{t("unsubscribeFailedContact", { supportEmail })}</Alert> : null}
      <Snackbar open={snackbarOpen} durationMs={unsubscribedSnackbarMs} onClose={() => setSnackbarOpen(false)}>
        {t("unsubscribed")}
      </Snackbar>
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
