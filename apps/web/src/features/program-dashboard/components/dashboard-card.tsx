import { Box, Paper, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";

/** A dashboard widget: a titled region, with actions (pickers, links) beside the title. */
export const DashboardCard = ({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) => {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, height: "100%" }}>
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          gap: 1,
          mb: 1,
          flexWrap: "wrap",
        }}
      >
        <Typography variant="h3" component="h3" id={headingId}>
          {title}
        </Typography>
        {actions ? <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>{actions}</Box> : null}
      </Box>
      {children}
    </Paper>
  );
};

export const NoData = ({ children }: { children: ReactNode }) => (
  <Typography color="text.secondary" role="status" sx={{ py: 2 }}>
    {children}
  </Typography>
);
