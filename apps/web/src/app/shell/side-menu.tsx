import AdminPanelSettingsOutlinedIcon from "@mui/icons-material/AdminPanelSettingsOutlined";
import BusinessIcon from "@mui/icons-material/Business";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import MailOutlineIcon from "@mui/icons-material/EmailOutlined";
import FeedbackOutlinedIcon from "@mui/icons-material/FeedbackOutlined";
import HistoryOutlinedIcon from "@mui/icons-material/HistoryOutlined";
import InfoOutlinedIcon from "@mui/icons-material/InfoOutlined";
import LogoutIcon from "@mui/icons-material/Logout";
import NotificationsActiveOutlinedIcon from "@mui/icons-material/NotificationsActiveOutlined";
import PersonSearchIcon from "@mui/icons-material/PersonSearch";
import PhoneInTalkOutlinedIcon from "@mui/icons-material/PhoneInTalkOutlined";
import SettingsOutlinedIcon from "@mui/icons-material/SettingsOutlined";
import ViewListIcon from "@mui/icons-material/ViewList";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { type CurrentUser, can, isAdmin, shellRules } from "@openpro/core";
import { type ComponentType, type ReactNode, useId, useState } from "react";
import { useLocation } from "react-router";
import { RouterLink } from "../../components/router-link";
import { appVersion } from "../../lib/config";
import { infoLinks } from "../../lib/info-links";

interface SideMenuProps {
  user: CurrentUser;
  collapsed: boolean;
  /** Shown on desktop only; the mobile drawer is never collapsed. */
  onToggleCollapsed?: () => void;
  onNavigate?: () => void;
  onLogout: () => void;
  /** The feedback dialog the menu's Feedback item opens; given by the shell so the menu needs no feature. */
  FeedbackDialog: ComponentType<{ open: boolean; onClose: () => void }>;
  /** Open alerts across the user's programs (the Alerts item's badge); given by the shell. */
  alertCount?: number;
  /** Patients gone quiet across the user's programs (the Worklist item's badge); given by the shell. */
  worklistCount?: number;
}

const Item = ({
  collapsed,
  icon,
  label,
  to,
  onClick,
  selected,
  extra,
}: {
  collapsed: boolean;
  icon: ReactNode;
  label: string;
  to?: string;
  onClick?: (event: React.MouseEvent<HTMLElement>) => void;
  selected?: boolean;
  extra?: Record<string, string | boolean | undefined>;
}) => {
  const button = (
    <ListItemButton
      {...(to ? { component: RouterLink, to } : {})}
      onClick={onClick}
      selected={selected}
      aria-label={collapsed ? label : undefined}
      aria-current={selected ? "page" : undefined}
      sx={{ minHeight: 44, px: 2.5, justifyContent: collapsed ? "center" : "flex-start" }}
      {...extra}
    >
      <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 2, color: "inherit" }}>{icon}</ListItemIcon>
      {collapsed ? null : <ListItemText primary={label} />}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {collapsed ? (
        <Tooltip title={label} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
};

/** The signed-in side menu: the sections the user may reach, info links, feedback, log out and the version. */
export const SideMenu = ({
  user,
  collapsed,
  onToggleCollapsed,
  onNavigate,
  onLogout,
  FeedbackDialog,
  alertCount = 0,
  worklistCount = 0,
}: SideMenuProps) => {
  const location = useLocation();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [infoAnchor, setInfoAnchor] = useState<HTMLElement | null>(null);
  const infoMenuId = useId();
  const isAt = (path: string) => location.pathname === path || location.pathname.startsWith(`${path}/`);
  const showOrganisations = shellRules.showOrganisationsBreadcrumb(user);
  const showPrograms = shellRules.showProgramsBreadcrumb(user);
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  /** An item that opens a page of the app, selected while the user is on that page or below it. */
  const pageItem = (icon: ReactNode, label: string, to: string) => (
    <Item collapsed={collapsed} icon={icon} label={label} to={to} onClick={onNavigate} selected={isAt(to)} />
  );

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          justifyContent: collapsed ? "center" : "space-between",
          px: 2,
          minHeight: 64,
        }}
      >
        {collapsed ? null : shellRules.logoLinksToUsers(user) ? (
          <Link
            component={RouterLink}
            to="/users"
            underline="none"
            onClick={onNavigate}
            sx={{ fontWeight: 700, fontSize: "1.35rem" }}
          >
            OpenPRO
          </Link>
        ) : (
          <Typography component="span" sx={{ fontWeight: 700, fontSize: "1.35rem", color: "primary.main" }}>
            OpenPRO
          </Typography>
        )}
        {onToggleCollapsed ? (
          <IconButton
            onClick={onToggleCollapsed}
            aria-label={collapsed ? "Expand side menu" : "Collapse side menu"}
            aria-expanded={!collapsed}
          >
            {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
          </IconButton>
        ) : null}
      </Box>
      <Divider />

      {(showOrganisations || showPrograms) && !collapsed ? (
        <Breadcrumbs
          aria-label="Breadcrumbs"
          sx={{ px: 2.5, py: 1.5, fontSize: "0.8rem", fontWeight: 600, letterSpacing: 0.5 }}
        >
          {showOrganisations ? (
            <Link component={RouterLink} to="/organisations" onClick={onNavigate} color="inherit">
              Organisations
            </Link>
          ) : null}
          {showPrograms ? (
            <Link component={RouterLink} to="/programs" onClick={onNavigate} color="inherit">
              Programs
            </Link>
          ) : null}
        </Breadcrumbs>
      ) : null}

      <Box component="nav" aria-label="Main" sx={{ flexGrow: 1, overflowY: "auto" }}>
        <List>
          {collapsed && showOrganisations ? (
            <Item
              collapsed
              icon={<BusinessIcon />}
              label="Organisations"
              to="/organisations"
              selected={isAt("/organisations")}
            />
          ) : null}
          {collapsed && showPrograms ? (
            <Item collapsed icon={<ViewListIcon />} label="Programs" to="/programs" selected={isAt("/programs")} />
          ) : null}
          {shellRules.showSearchPatients(user)
            ? pageItem(<PersonSearchIcon />, "Search patients", "/patients/search")
            : null}
          {can(user, "view_project_users")
            ? pageItem(
                <Badge badgeContent={alertCount} color="error" max={99}>
                  <NotificationsActiveOutlinedIcon />
                </Badge>,
                alertCount > 0 ? `Alerts, ${alertCount} open` : "Alerts",
                "/alerts",
              )
            : null}
          {can(user, "view_project_users")
            ? pageItem(
                <Badge badgeContent={worklistCount} color="warning" max={99}>
                  <PhoneInTalkOutlinedIcon />
                </Badge>,
                worklistCount > 0 ? `Worklist, ${worklistCount} gone quiet` : "Worklist",
                "/worklist",
              )
            : null}
          <Item
            collapsed={collapsed}
            icon={<FeedbackOutlinedIcon />}
            label="Feedback"
            onClick={() => setFeedbackOpen(true)}
            extra={{ "aria-haspopup": "dialog" }}
          />
          <Item
            collapsed={collapsed}
            icon={<InfoOutlinedIcon />}
            label="Info"
            onClick={(event) => setInfoAnchor(event.currentTarget)}
            extra={{
              "aria-haspopup": "menu",
              "aria-controls": infoAnchor ? infoMenuId : undefined,
              "aria-expanded": infoAnchor ? true : undefined,
            }}
          />
          {pageItem(<SettingsOutlinedIcon />, "Settings", "/settings")}
          {shellRules.canOpenAdmin(user) ? pageItem(<AdminPanelSettingsOutlinedIcon />, "Admin", "/admin") : null}
          {shellRules.canOpenAudit(user) ? pageItem(<HistoryOutlinedIcon />, "Audit log", "/audit") : null}
          {isAdmin(user) ? pageItem(<MailOutlineIcon />, "Outbox", "/outbox") : null}
        </List>
      </Box>

      <Menu id={infoMenuId} anchorEl={infoAnchor} open={Boolean(infoAnchor)} onClose={() => setInfoAnchor(null)}>
        {infoLinks.map((link) => (
          <MenuItem
            key={link.to}
            component={RouterLink}
            to={link.to}
            onClick={() => {
              setInfoAnchor(null);
              onNavigate?.();
            }}
          >
            {link.label}
          </MenuItem>
        ))}
      </Menu>

      <Divider />
      <Box sx={{ p: collapsed ? 1 : 2, textAlign: collapsed ? "center" : "left" }}>
        {collapsed ? null : (
          <Typography component="p" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
            {fullName}
          </Typography>
        )}
        {collapsed ? (
          <Tooltip title="Log out" placement="right">
            <IconButton onClick={onLogout} aria-label={`Log out ${fullName}`}>
              <LogoutIcon />
            </IconButton>
          </Tooltip>
        ) : (
          <Link
            component="button"
            type="button"
            onClick={onLogout}
            sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}
          >
            <LogoutIcon fontSize="small" aria-hidden="true" /> Log out
          </Link>
        )}
        <Typography component="p" variant="caption" color="text.secondary" sx={{ mt: 1 }}>
          {collapsed ? `v${appVersion}` : `Version ${appVersion}`}
        </Typography>
      </Box>
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </Box>
  );
};
