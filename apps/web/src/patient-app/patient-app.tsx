import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter } from "react-router";
import { PatientLanguageRoot } from "../components/patient-language-root";
import { withStyleNonce } from "../lib/style-nonce";
import { theme } from "../lib/theme";
import { PatientRoutes } from "./router";

/**
 * The patient web app (/me), its own entry: no staff session, shell, snackbars or error dialog.
 * Its screens show their own errors, so the query client has no global error handling.
 */
const createPatientQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false }, mutations: { retry: false } },
  });

export const PatientApp = () => {
  const [queryClient] = useState(createPatientQueryClient);
  return withStyleNonce(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <PatientLanguageRoot>
            <PatientRoutes />
          </PatientLanguageRoot>
        </BrowserRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
};
