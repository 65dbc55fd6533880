import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { limits } from "@openpro/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { createQueryClient } from "../app/query-client";
import { snackbarComponents } from "../app/snackbar-content";
import { theme } from "../app/theme";
import { createPatientSideRouter } from "./router";

/** The same theme, query client and notices as the staff app, around the patient-side routes only. */
export const PatientSideApp = () => {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createPatientSideRouter);
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
