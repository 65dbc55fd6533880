import type { LinkProps as MuiLinkProps } from "@mui/material/Link";
import MuiLink from "@mui/material/Link";
import { forwardRef } from "react";
import { Link, type LinkProps } from "react-router";

/** An anchor for react-router links inside MUI components (component={RouterLink}). */
export const RouterLink = forwardRef<HTMLAnchorElement, LinkProps>((props, ref) => <Link ref={ref} {...props} />);
RouterLink.displayName = "RouterLink";

/** A MUI-styled in-app text link. */
export const TextLink = ({ to, ...props }: Omit<MuiLinkProps, "href"> & { to: string }) => (
  <MuiLink component={RouterLink} to={to} {...props} />
);
