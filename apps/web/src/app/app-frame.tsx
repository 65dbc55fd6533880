import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { limits } from "@openpro/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { useState } from "react";
import { RouterProvider, type RouterProviderProps } from "react-router";
import { createQueryClient } from "./query-client";
import { snackbarComponents } from "./snackbar-content";
import { theme } from "./theme";

/**
 * Theme, query client and notices around a router: one frame for the staff app and the light
 * patient-side entry (MUI imported per component so that the light entry stays light).
 */
export const AppFrame = ({ createRouter }: { createRouter: () => RouterProviderProps["router"] }) => {
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
