import { Typography } from "@mui/material";
import { messages } from "@openpro/core";
import { useParams } from "react-router";
import { Loading } from "../components/loading";
import { PageTitle } from "../components/page-title";
import { useStudyEnded } from "../features/patient-side/api";

/** /study/{programId}: "This study has now ended" after the check call. */
export const StudyPage = () => {
  const { programId = "" } = useParams();
  const study = useStudyEnded(programId);
  if (study.isPending) return <Loading label="Checking the study" />;
  if (study.isSuccess) {
    return (
      <>
        <PageTitle>{study.data.programName || "Study ended"}</PageTitle>
        <Typography>{messages.studyEnded}</Typography>
      </>
    );
  }
  return (
    <>
      <PageTitle>This study is running</PageTitle>
      <Typography>There is nothing to do here. If you take part in this study, keep using the app.</Typography>
    </>
  );
};
