import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";

export const Loading = ({ label = "Loading" }: { label?: string }) => (
  <Box sx={{ display: "flex", justifyContent: "center", alignItems: "center", p: 6 }}>
    <CircularProgress aria-label={label} />
  </Box>
);
