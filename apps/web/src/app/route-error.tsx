import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { messages } from "@openpro/core";
import { type ReactNode, useEffect } from "react";
import { useRouteError } from "react-router";
import { reportError } from "../lib/report-error";

/** The whole screen says the spec's generic message, with what the user may do about it. */
export const SomethingWentWrongScreen = ({ actions }: { actions: ReactNode }) => (
  <Box component="main" sx={{ p: 4, maxWidth: 560, mx: "auto" }}>
    <h1 className="visually-hidden">OpenPRO</h1>
    <Alert severity="error" action={actions}>
      {messages.somethingWentWrong}
    </Alert>
  </Box>
);

/** Last line of defence for a render error: the spec's generic message and a reload. */
export const RouteError = () => <RenderError error={useRouteError()} />;

/** The same, for an error caught outside a data router. */
export const RenderError = ({ error }: { error: unknown }) => {
  useEffect(() => {
    reportError({ name: "Render Error", message: error instanceof Error ? error.message : String(error) });
  }, [error]);
  return (
    <SomethingWentWrongScreen
      actions={
        <Button color="inherit" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      }
    />
  );
};
