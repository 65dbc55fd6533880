import { Box, Paper, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";
import { TextLink } from "../../../components/router-link";

/** A titled dashboard card with an optional See more link (the appointments' own, features share nothing). */
export const AppointmentCard = ({
  title,
  seeMoreTo,
  children,
}: {
  title: string;
  seeMoreTo?: string;
  children: ReactNode;
}) => {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, height: "100%" }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, mb: 1 }}>
        <Typography variant="h3" component="h3" id={headingId}>
          {title}
        </Typography>
        {seeMoreTo ? (
          <TextLink to={seeMoreTo} aria-label={`See more: ${title}`}>
            See more
          </TextLink>
        ) : null}
      </Box>
      {children}
    </Paper>
  );
};

export const NoAppointments = ({ children }: { children: ReactNode }) => (
  <Typography color="text.secondary" role="status" sx={{ py: 2 }}>
    {children}
  </Typography>
);
