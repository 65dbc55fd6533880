import AddIcon from "@mui/icons-material/Add";
import DownloadIcon from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Pagination from "@mui/material/Pagination";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { type AppointmentFilter, appointmentLimits, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useState } from "react";
import { RouterLink } from "../../../components/router-link";
import { NoData } from "../../../components/widget-card";
import { filterQuery, useAppointments, useDownloadAppointmentCalendar } from "../api";
import { AppointmentItem } from "./appointment-item";
import { appointmentPaths } from "./appointment-widgets";

/**
 * The nurse appointments page: Upcoming (from now, soonest first) or Past (to now, latest first),
 * 20 a page, the add button when allowed, and the upcoming ones as a calendar file.
 */
export const AppointmentList = ({
  programId,
  userId,
  base,
  filter,
  onFilterChange,
  canAdd,
}: {
  programId: string;
  userId: string;
  base: string;
  /** All (reachable by address only) lists every appointment, latest first. */
  filter: AppointmentFilter;
  onFilterChange: (filter: AppointmentFilter) => void;
  canAdd: boolean;
}) => {
  const [page, setPage] = useState(1);
  const [now, setNow] = useState(() => new Date());
  const list = useAppointments(programId, userId, filterQuery(filter, now, page, appointmentLimits.pageSize));
  const download = useDownloadAppointmentCalendar(programId, userId);
  const paths = appointmentPaths(base);
  const total = list.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / appointmentLimits.pageSize));

  return (
    <Box>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap", mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter}
          aria-label="Show appointments"
          onChange={(_, next: AppointmentFilter | null) => {
            if (!next) return;
            setPage(1);
            setNow(new Date());
            onFilterChange(next);
          }}
        >
          <ToggleButton value="Upcoming">Upcoming</ToggleButton>
          <ToggleButton value="Past">Past</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        <Button
          startIcon={<DownloadIcon />}
          disabled={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onError: () => enqueueSnackbar(messages.somethingWentWrong, { variant: "error" }),
            })
          }
        >
          Download upcoming (.ics)
        </Button>
        {canAdd ? (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.create}>
            Add appointment
          </Button>
        ) : null}
      </Box>
      {list.isError ? <Alert severity="error">{messages.somethingWentWrong}</Alert> : null}
      {list.isPending ? <CircularProgress aria-label="Loading appointments" /> : null}
      {list.data && list.data.results.length === 0 ? (
        <NoData>{filter === "Past" ? messages.noAppointmentsHistory : messages.noAppointmentsScheduled}</NoData>
      ) : null}
      {list.data && list.data.results.length > 0 ? (
        <>
          <Typography variant="body2" color="text.secondary" role="status">
            {`${total} appointment${total === 1 ? "" : "s"}`}
          </Typography>
          <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={`${filter} appointments`}>
            {list.data.results.map((a) => (
              <AppointmentItem key={a.id} appointment={a} editTo={paths.edit(a.id)} />
            ))}
          </Box>
          {pages > 1 ? (
            <Pagination
              sx={{ mt: 2 }}
              count={pages}
              page={page}
              onChange={(_, next) => setPage(next)}
              color="primary"
              aria-label="Appointment pages"
            />
          ) : null}
        </>
      ) : null}
    </Box>
  );
};
