import { CssBaseline, ThemeProvider } from "@mui/material";
import { limits } from "@openpro/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { createQueryClient } from "./query-client";
import { createRouter } from "./router";
import { snackbarComponents } from "./snackbar-content";
import { theme } from "./theme";

export const App = () => {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={limits.maxSnackbars}
          anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
          Components={snackbarComponents}
        >
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
};
