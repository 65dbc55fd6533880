import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Box from "@mui/material/Box";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { RouterLink } from "../../../components/router-link";

/** A widget detail page: Back link to the overview, title, content. */
export const DetailFrame = ({
  title,
  backTo,
  actions,
  children,
}: {
  title: string;
  backTo: string;
  actions?: ReactNode;
  children: ReactNode;
}) => (
  <Paper variant="outlined" sx={{ p: 2 }}>
    <MuiLink component={RouterLink} to={backTo} sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      Back
    </MuiLink>
    <Box
      sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 2, flexWrap: "wrap", my: 1 }}
    >
      <Typography variant="h3" component="h3">
        {title}
      </Typography>
      {actions}
    </Box>
    {children}
  </Paper>
);
