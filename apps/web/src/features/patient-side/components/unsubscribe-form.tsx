import { Alert, Box, Button, Checkbox, FormControlLabel } from "@mui/material";
import { messages } from "@openpro/core";
import { useSnackbar } from "notistack";
import { useState } from "react";
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

/** Stop questionnaire reminder e-mails: the checkbox enables Confirm; after success it is disabled. */
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
  const { enqueueSnackbar } = useSnackbar();
  const [checked, setChecked] = useState(false);
  const done = unsubscribe.isSuccess;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (checked && !done)
          unsubscribe.mutate(
            { email, userId, token, isEnabled: false },
            { onSuccess: () => enqueueSnackbar(messages.unsubscribed, { variant: "success", autoHideDuration: 3000 }) },
          );
      }}
    >
      <FormControlLabel
        control={<Checkbox checked={checked} disabled={done} onChange={(event) => setChecked(event.target.checked)} />}
        label={`Stop sending questionnaire reminder e-mails to ${email}`}
      />
      {unsubscribe.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {messages.unsubscribeFailed(supportEmail)}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        sx={{ mt: 2 }}
        disabled={!checked || done || unsubscribe.isPending}
      >
        Confirm
      </Button>
    </Box>
  );
};
