import { BrowserRouter } from "react-router";
import { Providers } from "../app/app-frame";
import { PatientSideRoutes } from "./router";

/** The same theme, query client and notices as the staff app, around the patient-side routes only. */
export const PatientSideApp = () => (
  <Providers>
    <BrowserRouter>
      <PatientSideRoutes />
    </BrowserRouter>
  </Providers>
);
