import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { type ReactNode, Suspense } from "react";
import { Outlet } from "react-router";
import { Loading } from "../../components/loading";
import { RouterLink } from "../../components/router-link";
import { infoLinks } from "../../lib/info-links";
import { SkipLink } from "./skip-link";

/** The signed-out layout: header, a centred card (narrow) or a reading column (wide), and legal links. */
export const PublicLayout = ({ wide = false, children }: { wide?: boolean; children?: ReactNode }) => (
  <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
    <SkipLink />
    <Box component="header" sx={{ px: 3, py: 2, bgcolor: "background.paper", borderBottom: 1, borderColor: "divider" }}>
      <Link component={RouterLink} to="/" underline="none" sx={{ fontWeight: 700, fontSize: "1.35rem" }}>
        OpenPRO
      </Link>
    </Box>
    <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, py: { xs: 3, sm: 6 }, outline: "none" }}>
      <Container maxWidth={wide ? "md" : "sm"}>
        <Suspense fallback={<Loading />}>
          {wide ? (
            (children ?? <Outlet />)
          ) : (
            <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
              {children ?? <Outlet />}
            </Paper>
          )}
        </Suspense>
      </Container>
    </Box>
    <Box component="footer" sx={{ px: 3, py: 2, display: "flex", gap: 2, flexWrap: "wrap", justifyContent: "center" }}>
      {infoLinks.map((link) => (
        <Link key={link.to} component={RouterLink} to={link.to} variant="body2">
          {link.label}
        </Link>
      ))}
      <Typography variant="body2" color="text.secondary" component="span">
        © OpenPRO
      </Typography>
    </Box>
  </Box>
);
