import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { can, limits } from "@openpro/core";
import { type ReactNode, Suspense, useState } from "react";
import { Outlet } from "react-router";
import { Loading } from "../../components/loading";
import { FeedbackDialog } from "../../features/admin/components/feedback-dialog";
import { useOpenAlertCount } from "../../features/alerts/api";
import { useQuietPatientCount } from "../../features/worklist/api";
import { useSession } from "../../lib/session-context";
import { readStorage, storageKeys, writeStorage } from "../../lib/storage-keys";
import { SideMenu } from "./side-menu";
import { SkipLink } from "./skip-link";

const expandedWidth = 264;
const collapsedWidth = 76;

/** The signed-in layout: side menu (permanent and collapsible on desktop, temporary below 768 px) and <main>. */
export const AppShell = ({ children }: { children?: ReactNode }) => {
  const { user, signOut } = useSession();
  const mobile = useMediaQuery(`(max-width:${limits.mobileBreakpointPx - 0.02}px)`, { noSsr: true });
  const [collapsed, setCollapsed] = useState(() => readStorage(storageKeys.sideMenuCollapsed) === "1");
  const [mobileOpen, setMobileOpen] = useState(false);
  const alerts = useOpenAlertCount(can(user, "view_project_users"));
  const worklist = useQuietPatientCount(can(user, "view_project_users"));
  if (!user) return null;

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      writeStorage(storageKeys.sideMenuCollapsed, value ? null : "1");
      return !value;
    });
  };
  const logout = () => void signOut();
  const width = collapsed ? collapsedWidth : expandedWidth;

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <SkipLink />
      {mobile ? (
        <>
          <AppBar position="fixed" color="inherit" elevation={1} component="header">
            <Toolbar>
              <IconButton edge="start" aria-label="Open menu" onClick={() => setMobileOpen(true)} sx={{ mr: 1 }}>
                <MenuIcon />
              </IconButton>
              <Typography component="span" sx={{ fontWeight: 700, color: "primary.main", fontSize: "1.25rem" }}>
                OpenPRO
              </Typography>
            </Toolbar>
          </AppBar>
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            slotProps={{ paper: { sx: { width: expandedWidth }, "aria-label": "Side menu" } }}
          >
            <SideMenu
              user={user}
              collapsed={false}
              onNavigate={() => setMobileOpen(false)}
              onLogout={logout}
              FeedbackDialog={FeedbackDialog}
              alertCount={alerts.data?.open ?? 0}
              worklistCount={worklist.data?.quiet ?? 0}
            />
          </Drawer>
        </>
      ) : (
        <Drawer
          variant="permanent"
          component="aside"
          aria-label="Side menu"
          sx={{
            width,
            flexShrink: 0,
            "& .MuiDrawer-paper": { width, boxSizing: "border-box", overflowX: "hidden", transition: "width 150ms" },
          }}
        >
          <SideMenu
            user={user}
            collapsed={collapsed}
            onToggleCollapsed={toggleCollapsed}
            onLogout={logout}
            FeedbackDialog={FeedbackDialog}
            alertCount={alerts.data?.open ?? 0}
            worklistCount={worklist.data?.quiet ?? 0}
          />
        </Drawer>
      )}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, pt: mobile ? 10 : 4, pb: 6, outline: "none" }}
      >
        <Container maxWidth="lg">
          <Suspense fallback={<Loading />}>{children ?? <Outlet />}</Suspense>
        </Container>
      </Box>
    </Box>
  );
};
