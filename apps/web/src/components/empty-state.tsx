import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
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

/**
 * An empty state whose message contains "click here": with an action, those words become a button that
 * performs it; without one (not permitted) the message is plain text.
 */
export const ClickHereEmptyState = ({ message, onClick }: { message: string; onClick: (() => void) | null }) => {
  const [before, after] = message.split("click here");
  if (!onClick || after === undefined) return <EmptyState title={message} />;
  return (
    <EmptyState
      title={
        <>
          {before}
          <Link component="button" type="button" onClick={onClick} sx={{ font: "inherit", verticalAlign: "baseline" }}>
            click here
          </Link>
          {after}
        </>
      }
    />
  );
};
