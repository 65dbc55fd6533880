import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";
import { TextLink } from "./router-link";

/**
 * A dashboard widget (the patient dashboard's, the program dashboard's): a titled section with its actions
 * (pickers, links) and an optional See more link beside the title. `wrap`: the title and the actions take two
 * lines where they do not fit on one.
 */
export const WidgetCard = ({
  title,
  seeMoreTo,
  actions,
  wrap = false,
  children,
}: {
  title: string;
  seeMoreTo?: string | undefined;
  actions?: ReactNode;
  wrap?: boolean;
  children: ReactNode;
}) => {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, height: "100%" }}>
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          gap: 1,
          mb: 1,
          ...(wrap ? { flexWrap: "wrap" } : {}),
        }}
      >
        <Typography variant="h3" component="h3" id={headingId}>
          {title}
        </Typography>
        {actions || seeMoreTo ? (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            {actions}
            {seeMoreTo ? (
              <TextLink to={seeMoreTo} aria-label={`See more: ${title}`}>
                See more
              </TextLink>
            ) : null}
          </Box>
        ) : null}
      </Box>
      {children}
    </Paper>
  );
};

/** A widget's "nothing to show" line. */
export const NoData = ({ children }: { children: ReactNode }) => (
  <Typography color="text.secondary" role="status" sx={{ py: 2 }}>
    {children}
  </Typography>
);
