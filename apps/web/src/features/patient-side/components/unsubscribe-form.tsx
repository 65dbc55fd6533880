import { messages } from "@openpro/core/schema-free";
import { useState } from "react";
import { Alert, Button, Checkbox } from "../../../components/plain-ui";
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
      <Checkbox
        checked={checked}
        disabled={done}
        onChecked={setChecked}
        label={`Stop sending questionnaire reminder e-mails to ${email}`}
      />
      {unsubscribe.isError ? <Alert severity="error">{messages.unsubscribeFailed(supportEmail)}</Alert> : null}
      {done ? (
        <Alert severity="success" role="status">
          {messages.unsubscribed}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        large
        className="pu-submit"
        disabled={!checked || done || unsubscribe.isPending}
      >
        Confirm
      </Button>
    </form>
  );
};
