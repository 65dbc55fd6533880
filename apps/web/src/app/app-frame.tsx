// First: the page's style nonce must be set before notistack (goober) creates its style element on import.
import "../lib/style-nonce";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { limits } from "@openpro/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { type ReactNode, useState } from "react";
import { RouterProvider, type RouterProviderProps } from "react-router";
import { withStyleNonce } from "../lib/style-nonce";
import { theme } from "../lib/theme";
import { createQueryClient } from "./query-client";
import { snackbarComponents } from "./snackbar-content";

/**
 * Theme, query client and notices around the staff app. The light entry of the public pages has
 * none of them (plain components, public-pages-app/).
 */
export const Providers = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  return withStyleNonce(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={limits.maxSnackbars}
          // The same notice twice (a double click, a retried save) shows once instead of stacking.
          preventDuplicate
          anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
          Components={snackbarComponents}
        >
          {children}
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
};

/** The frame around a data router (the staff app). */
export const AppFrame = ({ createRouter }: { createRouter: () => RouterProviderProps["router"] }) => {
  const [router] = useState(createRouter);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
};
