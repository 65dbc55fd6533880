import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { type ReactNode, useEffect } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { LanguageSwitch } from "../../components/language-switch";
import { RouterLink } from "../../components/router-link";
import { settlePatientLanguage, t } from "../../lib/patient-text";
import { useCurrentPatient, useMyPrograms, useOnline, usePendingCount, useSaveLanguage, useSignOut } from "../api";
import { useMeSignedIn } from "../session";

/** Big enough for a thumb (at least 44 px, WCAG 2.5.5). */
export const touch = { minHeight: 48 } as const;

const navItems = [
  { to: "/me", label: "navHome" },
  { to: "/me/history", label: "navHistory" },
  { to: "/me/medications", label: "navMedications" },
  { to: "/me/settings", label: "navSettings" },
] as const;

/**
 * Signed in, the language follows the account's choice, within the languages of the program's
 * territory (the first program's: a patient rarely takes part in two).
 */
const AccountLanguage = () => {
  const me = useCurrentPatient();
  const programs = useMyPrograms();
  const territory = programs.data?.[0]?.territory ?? null;
  const account = me.data?.language ?? null;
  const settled = me.isSuccess || me.isError;
  useEffect(() => {
    if (settled) void settlePatientLanguage({ territory, account });
  }, [settled, territory, account]);
  return null;
};

/**
 * The patient app's frame, phone first: a slim header with sign-out, one column, the page's h1, and
 * whether this device is offline or still holds logs to send. Signed-out visitors go to /me/login.
 */
export const MeLayout = ({
  title,
  children,
  signedOut = false,
}: {
  title: string;
  children: ReactNode;
  /** The sign-in page itself. */
  signedOut?: boolean;
}) => {
  const signedIn = useMeSignedIn();
  const online = useOnline();
  const pending = usePendingCount();
  const signOut = useSignOut();
  const saveLanguage = useSaveLanguage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${title} · ${t("appName")}`;
  }, [title]);
  if (!signedOut && !signedIn) return <Navigate to="/me/login" replace />;
  if (signedOut && signedIn) return <Navigate to="/me" replace />;
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column", bgcolor: "background.default" }}>
      <Link
        href="#me-main"
        sx={{
          position: "absolute",
          left: -9999,
          "&:focus": { left: 8, top: 8, zIndex: 10, bgcolor: "background.paper", p: 1 },
        }}
      >
        {t("skipToContent")}
      </Link>
      <Box
        component="header"
        sx={{
          px: 2,
          py: 1,
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          bgcolor: "background.paper",
          borderBottom: 1,
          borderColor: "divider",
        }}
      >
        <Link component={RouterLink} to="/me" underline="none" sx={{ fontWeight: 700, fontSize: "1.35rem", py: 1 }}>
          {t("appName")}
        </Link>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", justifyContent: "flex-end" }}>
          <LanguageSwitch onChosen={signedIn ? (language) => saveLanguage.mutate(language) : undefined} />
          {signedIn ? (
            <Button
              sx={touch}
              onClick={() => signOut.mutate(undefined, { onSettled: () => navigate("/me/login", { replace: true }) })}
            >
              {t("signOut")}
            </Button>
          ) : null}
        </Box>
      </Box>
      {signedIn ? <AccountLanguage /> : null}
      {signedIn ? (
        <Box
          component="nav"
          aria-label={t("menuLabel")}
          // The items share the width and wrap onto a second row when the language's words are
          // longer than a phone is wide ("Einstellungen", "Paramètres"): never a sideways scroll.
          sx={{
            display: "flex",
            flexWrap: "wrap",
            bgcolor: "background.paper",
            borderBottom: 1,
            borderColor: "divider",
          }}
        >
          {navItems.map((item) => (
            <Button
              key={item.to}
              component={RouterLink}
              to={item.to}
              aria-current={pathname === item.to ? "page" : undefined}
              sx={{
                ...touch,
                flex: "1 1 auto",
                borderRadius: 0,
                fontSize: "1rem",
                borderBottom: 3,
                borderColor: pathname === item.to ? "primary.main" : "transparent",
              }}
            >
              {t(item.label)}
            </Button>
          ))}
        </Box>
      ) : null}
      <Container
        component="main"
        id="me-main"
        tabIndex={-1}
        maxWidth="sm"
        sx={{ flexGrow: 1, py: 3, px: 2, outline: "none" }}
      >
        {!online ? (
          <Alert severity="warning" role="status" sx={{ mb: 2 }}>
            {t("offline")}
          </Alert>
        ) : null}
        {pending !== null && pending > 0 ? (
          <Alert severity="info" role="status" sx={{ mb: 2 }}>
            {t("waitingToSend", { count: pending })}
          </Alert>
        ) : null}
        <Typography variant="h1" sx={{ mb: 3, fontSize: { xs: "1.75rem", sm: "2rem" } }}>
          {title}
        </Typography>
        {children}
      </Container>
    </Box>
  );
};
