import type { ButtonProps } from "@mui/material/Button";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { Loading } from "../../../components/loading";
import { RouterLink } from "../../../components/router-link";
import { type FigureRequest, useFigurePatients } from "../api";

/** Where a patient of the list leads: their dashboard in the program. */
export const patientDashboardHref = (programId: string, userId: string) =>
  `/programs/${programId}/participants/${userId}/dashboard`;

/** A small button beside a figure that opens the list of the patients behind it. */
export const FigurePatientsButton = ({
  figure,
  onShowPatients,
  ...props
}: Omit<ButtonProps, "onClick" | "size"> & {
  figure: FigureRequest;
  onShowPatients: (figure: FigureRequest) => void;
}) => <Button size="small" {...props} onClick={() => onShowPatients(figure)} />;

/** The patients behind a figure, each linking to their dashboard. */
export const FigurePatientsDialog = ({
  programId,
  range,
  figure,
  onClose,
}: {
  programId: string;
  range: { startDate: string; endDate: string };
  figure: FigureRequest | null;
  onClose: () => void;
}) => {
  const titleId = useId();
  const patients = useFigurePatients(programId, range, figure);
  const data = patients.data;
  return (
    <Dialog open={Boolean(figure)} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{figure?.title}</DialogTitle>
      <DialogContent>
        {patients.isPending ? (
          <Loading />
        ) : patients.isError || !data ? (
          <Typography role="alert">The patients could not be loaded.</Typography>
        ) : data.results.length === 0 ? (
          <Typography role="status">No patients in the selected time frame.</Typography>
        ) : (
          <>
            <Typography role="status" sx={{ mb: 1 }}>
              {data.totalCount === 1 ? "1 patient" : `${data.totalCount} patients`}
              {data.totalCount > data.results.length ? `, the first ${data.results.length} shown` : ""}
            </Typography>
            <List dense aria-label="Patients">
              {data.results.map((p) => (
                <ListItem key={p.userId} disableGutters>
                  <Link component={RouterLink} to={patientDashboardHref(programId, p.userId)}>
                    {p.lastName}, {p.firstName}
                  </Link>
                  <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                    {figure?.figure === "missedMedication"
                      ? `${p.count} ${p.count === 1 ? "dose" : "doses"} missed`
                      : `${p.count} ${p.count === 1 ? "log" : "logs"}`}
                  </Typography>
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
