import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { AlertMessageAnswer, PatientProgram } from "@openpro/core";
import { type ReactNode, useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { RouterLink } from "../../components/router-link";
import { t } from "../../lib/patient-text";
import { pickProgram, useMyPrograms, useOutboxSync } from "../api";
import { AlertMessages, alertTextOf, emergencyOf } from "./log-outcome";
import { MeLayout, touch } from "./me-layout";

/**
 * A signed-in screen of the patient app: the program it works on (?programId=, else the first),
 * waiting logs sent in the background, and any alert message their upload answers.
 */
export const MeScreen = ({
  title,
  children,
  home,
}: {
  title: string;
  children?: (program: PatientProgram) => ReactNode;
  /** The home screen lists every program itself. */
  home?: ReactNode;
}) => {
  const [params] = useSearchParams();
  const programs = useMyPrograms();
  const program = pickProgram(programs.data, params.get("programId"));
  const [late, setLate] = useState<AlertMessageAnswer[]>([]);
  const onAlerts = useCallback((alerts: AlertMessageAnswer[]) => setLate((old) => [...old, ...alerts]), []);
  useOutboxSync(onAlerts);
  return (
    <MeLayout title={title}>
      {late.length > 0 && program ? (
        <div style={{ marginBottom: 16 }}>
          <AlertMessages
            messages={late.map(alertTextOf)}
            careTeam={program.careTeam}
            emergency={emergencyOf(late, program)}
          />
        </div>
      ) : null}
      {home ?? (
        <>
          {programs.isPending ? <Typography>{t("loading")}</Typography> : null}
          {programs.isError ? <Alert severity="error">{t("programsFailed")}</Alert> : null}
          {programs.data && !program ? <Alert severity="info">{t("noProgramToLog")}</Alert> : null}
          {program && children ? children(program) : null}
          <Button component={RouterLink} to="/me" sx={{ ...touch, mt: 3 }} fullWidth>
            {t("backHome")}
          </Button>
        </>
      )}
    </MeLayout>
  );
};
