import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { type PushKind, pushKinds } from "@openpro/core";
import { useEffect, useId, useState } from "react";
import { t } from "../../lib/patient-text";
import {
  PushBlockedError,
  PushUnsupportedError,
  pushAvailability,
  readPushKinds,
  savePushKinds,
  turnOffPush,
  turnOnPush,
} from "../push";
import { touch } from "./me-layout";

const kindLabel: Record<PushKind, Parameters<typeof t>[0]> = {
  questionnaire_due: "pushKind_questionnaire_due",
  questionnaire_closing: "pushKind_questionnaire_closing",
  symptom_reminder: "pushKind_symptom_reminder",
  care_team_message: "pushKind_care_team_message",
};

type Status = "loading" | "off" | "on" | "unsupported" | "blocked";
type Notice = "saved" | "failed" | "chooseOne" | null;

/**
 * Settings → Reminders on this phone: what a reminder says (never health data), which kinds the
 * patient wants, on and off. The browser asks for its permission only when the patient taps
 * "Turn on reminders", never when the app opens.
 */
export const PushSettings = () => {
  const headingId = useId();
  const [status, setStatus] = useState<Status>("loading");
  const [kinds, setKinds] = useState<PushKind[]>([...pushKinds]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    const availability = pushAvailability();
    if (availability !== "available") {
      setStatus(availability);
      return;
    }
    let live = true;
    readPushKinds()
      .then((stored) => {
        if (!live) return;
        if (stored) setKinds(stored);
        setStatus(stored ? "on" : "off");
      })
      .catch(() => live && setStatus("off"));
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } catch (error) {
      if (error instanceof PushBlockedError) setStatus("blocked");
      else if (error instanceof PushUnsupportedError) setStatus("unsupported");
      else setNotice("failed");
    } finally {
      setBusy(false);
    }
  };
  const chosen = () => pushKinds.filter((k) => kinds.includes(k));
  const turnOn = () => {
    if (kinds.length === 0) return setNotice("chooseOne");
    return run(async () => {
      setKinds(await turnOnPush(chosen()));
      setStatus("on");
    });
  };
  const save = () => {
    if (kinds.length === 0) return setNotice("chooseOne");
    return run(async () => {
      setKinds(await savePushKinds(chosen()));
      setNotice("saved");
    });
  };
  const turnOff = () =>
    run(async () => {
      await turnOffPush();
      setStatus("off");
    });

  const canChoose = status === "on" || status === "off";
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2, display: "grid", gap: 1.5 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: "1.3rem" }}>
        {t("pushTitle")}
      </Typography>
      <Typography>{t("pushIntro")}</Typography>
      <Typography>{t("pushPrivacy")}</Typography>
      {/* Facts about this browser, not errors: a status, so they do not interrupt as an alert would. */}
      {status === "unsupported" ? (
        <Alert severity="info" role="status">
          {t("pushUnsupported")}
        </Alert>
      ) : null}
      {status === "blocked" ? (
        <Alert severity="warning" role="status">
          {t("pushBlocked")}
        </Alert>
      ) : null}
      {canChoose ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t("pushKindsLegend")}
          </Typography>
          <FormGroup>
            {pushKinds.map((kind) => (
              <FormControlLabel
                key={kind}
                sx={{ ...touch, m: 0 }}
                control={
                  <Checkbox
                    checked={kinds.includes(kind)}
                    onChange={(event) =>
                      setKinds((current) =>
                        event.target.checked ? [...current, kind] : current.filter((k) => k !== kind),
                      )
                    }
                  />
                }
                label={t(kindLabel[kind])}
              />
            ))}
          </FormGroup>
        </Box>
      ) : null}
      {canChoose ? <Typography>{t("pushQuietHours")}</Typography> : null}
      {status === "on" ? (
        <Alert severity="success" role="status">
          {t("pushIsOn")}
        </Alert>
      ) : null}
      {notice === "saved" ? (
        <Alert severity="success" role="status">
          {t("pushSaved")}
        </Alert>
      ) : null}
      {notice === "failed" ? (
        <Alert severity="error" role="alert">
          {t("pushFailed")}
        </Alert>
      ) : null}
      {notice === "chooseOne" ? (
        <Alert severity="error" role="alert">
          {t("pushChooseOne")}
        </Alert>
      ) : null}
      {status === "off" ? (
        <Button variant="contained" sx={touch} disabled={busy} onClick={() => void turnOn()}>
          {busy ? t("pushTurningOn") : t("pushTurnOn")}
        </Button>
      ) : null}
      {status === "on" ? (
        <Box sx={{ display: "grid", gap: 1 }}>
          <Button variant="contained" sx={touch} disabled={busy} onClick={() => void save()}>
            {t("pushSaveKinds")}
          </Button>
          <Button variant="outlined" sx={touch} disabled={busy} onClick={() => void turnOff()}>
            {t("pushTurnOff")}
          </Button>
        </Box>
      ) : null}
      {status === "off" && notice === null ? (
        <Typography variant="body2" color="text.secondary">
          {t("pushIsOff")}
        </Typography>
      ) : null}
    </Paper>
  );
};
