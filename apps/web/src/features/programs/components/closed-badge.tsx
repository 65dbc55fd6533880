import Chip from "@mui/material/Chip";
import { messages } from "@openpro/core";

export const ClosedBadge = () => (
  <Chip label={messages.programClosed} size="small" sx={{ bgcolor: "#5f6b7a", color: "#ffffff", fontWeight: 600 }} />
);
