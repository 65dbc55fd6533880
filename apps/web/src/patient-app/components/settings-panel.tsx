import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { PatientProgram } from "@openpro/core";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { t } from "../../lib/patient-text";
import { downloadMyData, useMyPrograms, useSignOut, useUnsubscribeEmails, useWithdraw } from "../api";
import { touch } from "./me-layout";
import { PushSettings } from "./push-settings";

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: 2, display: "grid", gap: 1.5 }}>
    <Typography id={id} variant="h2" sx={{ fontSize: "1.3rem" }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

/** As the unsubscribe page: the checkbox enables Confirm; after success the checkbox is disabled. */
const EmailSettings = () => {
  const unsubscribe = useUnsubscribeEmails();
  const [checked, setChecked] = useState(false);
  return (
    <Section id="me-settings-emails" title={t("emailsTitle")}>
      <Typography>{t("emailsIntro")}</Typography>
      <FormControlLabel
        control={<Checkbox checked={checked} onChange={(e) => setChecked(e.target.checked)} />}
        label={t("unsubscribeCheckbox")}
        disabled={unsubscribe.isSuccess}
        sx={{ ...touch, m: 0 }}
      />
      {unsubscribe.isSuccess ? (
        <Alert severity="success" role="status">
          {t("unsubscribed")}
        </Alert>
      ) : null}
      {unsubscribe.isError ? (
        <Alert severity="error" role="alert">
          {t("unsubscribeFailed")}
        </Alert>
      ) : null}
      {unsubscribe.isSuccess ? null : (
        <Button
          variant="contained"
          sx={touch}
          disabled={!checked || unsubscribe.isPending}
          onClick={() => unsubscribe.mutate()}
        >
          {t("unsubscribeConfirm")}
        </Button>
      )}
    </Section>
  );
};

const Withdraw = ({ program }: { program: PatientProgram }) => {
  const withdraw = useWithdraw();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <Typography>{t("withdrawIntro", { program: program.name })}</Typography>
      {withdraw.isError ? (
        <Alert severity="error" role="alert">
          {t("withdrawFailed")}
        </Alert>
      ) : null}
      {done ? (
        <Alert severity="success" role="status">
          {t("withdrawDone")}
        </Alert>
      ) : (
        <Button variant="outlined" color="error" sx={touch} onClick={() => setAsking(true)}>
          {t("withdrawButton")}
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        title={t("withdrawConfirmTitle")}
        confirmLabel={t("withdrawButton")}
        cancelLabel={t("cancel")}
        destructive
        pending={withdraw.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          withdraw.mutate(program.programId, {
            onSuccess: () => {
              setAsking(false);
              setDone(true);
            },
            onError: () => setAsking(false),
          })
        }
      >
        <Typography>{t("withdrawConfirmText")}</Typography>
      </ConfirmDialog>
    </Box>
  );
};

/** Downloads the patient's own data (a zip from GET /api/v1/user/data-export). */
export const DownloadData = () => {
  const [state, setState] = useState<"idle" | "busy" | "done" | "failed">("idle");
  const start = async () => {
    setState("busy");
    try {
      await downloadMyData();
      setState("done");
    } catch {
      setState("failed");
    }
  };
  return (
    <Section id="me-settings-data" title={t("dataTitle")}>
      <Typography>{t("dataIntro")}</Typography>
      {state === "done" ? (
        <Alert severity="success" role="status">
          {t("downloadDone")}
        </Alert>
      ) : null}
      {state === "failed" ? (
        <Alert severity="error" role="alert">
          {t("downloadFailed")}
        </Alert>
      ) : null}
      <Button variant="outlined" sx={touch} disabled={state === "busy"} onClick={() => void start()}>
        {state === "busy" ? t("downloadingData") : t("downloadData")}
      </Button>
    </Section>
  );
};

/** E-mails, reminders on this phone, leaving a program, the patient's data, signing out. */
export const SettingsPanel = () => {
  const programs = useMyPrograms();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <EmailSettings />
      <PushSettings />
      {programs.data && programs.data.length > 0 ? (
        <Section id="me-settings-withdraw" title={t("withdrawTitle")}>
          {programs.data.map((program) => (
            <Withdraw key={program.programId} program={program} />
          ))}
        </Section>
      ) : null}
      <DownloadData />
      <Section id="me-settings-account" title={t("accountTitle")}>
        <Button
          variant="outlined"
          sx={touch}
          onClick={() => {
            signOut.mutate(undefined, { onSettled: () => navigate("/me/login", { replace: true }) });
          }}
        >
          {t("signOut")}
        </Button>
      </Section>
    </Box>
  );
};
