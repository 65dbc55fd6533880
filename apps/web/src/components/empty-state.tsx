import { Box, Typography } from "@mui/material";
import type { ReactNode } from "react";

export const EmptyState = ({ title, children }: { title: ReactNode; children?: ReactNode }) => (
  <Box
    role="status"
    sx={{
      border: 1,
      borderColor: "divider",
      borderStyle: "dashed",
      borderRadius: 2,
      p: 4,
      textAlign: "center",
      bgcolor: "background.paper",
    }}
  >
    <Typography component="p" variant="h3" sx={{ mb: children ? 1 : 0 }}>
      {title}
    </Typography>
    {children ? (
      <Typography component="div" color="text.secondary">
        {children}
      </Typography>
    ) : null}
  </Box>
);
