import { PageTitle } from "../components/page-title";
import { PatientSearch } from "../features/patients/components/patient-search";

/** /patients/search: the global patient search. */
export const PatientSearchPage = () => (
  <>
    <PageTitle>Search patients</PageTitle>
    <PatientSearch />
  </>
);
