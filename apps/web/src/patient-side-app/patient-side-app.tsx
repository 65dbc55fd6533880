import { AppFrame } from "../app/app-frame";
import { createPatientSideRouter } from "./router";

/** The same theme, query client and notices as the staff app, around the patient-side routes only. */
export const PatientSideApp = () => <AppFrame createRouter={createPatientSideRouter} />;
