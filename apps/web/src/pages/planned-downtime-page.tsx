import Typography from "@mui/material/Typography";
import { messages } from "@openpro/core";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { PageTitle } from "../components/page-title";
import { formatDateTime, formatTimeRemaining } from "../lib/format";

/** /planned-downtime/{maintenanceUntil?}: the time remaining, updated each minute. */
export const PlannedDowntimePage = () => {
  const { maintenanceUntil } = useParams();
  const until = maintenanceUntil ? Date.parse(maintenanceUntil) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const remaining = Number.isFinite(until) ? formatTimeRemaining(until, now) : null;

  return (
    <>
      <PageTitle>{messages.underMaintenance}</PageTitle>
      <Typography component="p" sx={{ mb: 2 }}>
        OpenPRO is being updated and is not available right now.
      </Typography>
      <Typography component="p" role="status">
        {remaining
          ? `We expect to be back in ${remaining} (at ${formatDateTime(new Date(until).toISOString())}).`
          : "We expect to be back shortly. Please try again in a few minutes."}
      </Typography>
    </>
  );
};
