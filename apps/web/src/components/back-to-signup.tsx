import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { useSearchParams } from "react-router";
import { readPendingInvite } from "../lib/session";
import { RouterLink } from "./router-link";

/** "Back to Create account" on a legal page reached from the invitation sign-up (?from=join). */
export const BackToSignup = () => {
  const [search] = useSearchParams();
  if (search.get("from") !== "join") return null;
  const target = readPendingInvite();
  if (!target) return null;
  return (
    <Box component="nav" aria-label="Sign-up" sx={{ mb: 2 }}>
      <Link component={RouterLink} to={target} sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" /> Back to Create account
      </Link>
    </Box>
  );
};
