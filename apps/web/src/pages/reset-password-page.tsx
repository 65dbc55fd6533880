import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { messages } from "@openpro/core";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { PageTitle } from "../components/page-title";
import { TextLink } from "../components/router-link";
import { ResetRequestForm } from "../features/auth/components/reset-request-form";

export const ResetPasswordPage = () => {
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const titleId = useId();
  const continueToCode = () => {
    if (sentTo) navigate(`/2FA/passwordReset/${encodeURIComponent(sentTo)}`);
  };
  return (
    <>
      <PageTitle>Reset your password</PageTitle>
      <Typography color="text.secondary" sx={{ mt: -2 }}>
        Enter the e-mail address of your account and we will send you a code.
      </Typography>
      <ResetRequestForm onSent={setSentTo} />
      <Typography sx={{ mt: 3 }}>
        <TextLink to="/login">Back to log in</TextLink>
      </Typography>
      <Dialog open={sentTo !== null} onClose={continueToCode} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{messages.checkYourEmail}</DialogTitle>
        <DialogContent>
          <DialogContentText>{messages.resetRequested}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={continueToCode} autoFocus>
            Enter code
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
