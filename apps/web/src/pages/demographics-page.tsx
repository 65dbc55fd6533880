import { Alert } from "@mui/material";
import { useNavigate } from "react-router";
import { PageTitle } from "../components/page-title";
import { DemographicsForm } from "../features/patient-side/components/demographics-form";
import { readPatientToken } from "../lib/patient-session";

/** /demographic-info: sex and date of birth, then the app. */
export const DemographicsPage = () => {
  const navigate = useNavigate();
  return (
    <>
      <PageTitle>About you</PageTitle>
      {readPatientToken() ? (
        <DemographicsForm onSaved={() => navigate("/get-the-app")} />
      ) : (
        <Alert severity="info">Open the link in your invitation e-mail to continue.</Alert>
      )}
    </>
  );
};
