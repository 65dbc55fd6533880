import Link from "@mui/material/Link";

/** First focusable element of every layout: jumps over the navigation to <main>. */
export const SkipLink = () => (
  <Link
    href="#main-content"
    sx={{
      position: "absolute",
      left: 8,
      top: -48,
      zIndex: 2000,
      bgcolor: "background.paper",
      p: 1,
      "&:focus": { top: 8 },
    }}
  >
    Skip to main content
  </Link>
);
