import { PageTitle } from "../components/page-title";
import { PatientSearch } from "../features/patients/components/patient-search";

/** /patients/search: the global patient search (doc 2 §2). */
export const PatientSearchPage = () => (
  <>
    <PageTitle>Search patients</PageTitle>
    <PatientSearch />
  </>
);
