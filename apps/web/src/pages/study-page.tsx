import { messages } from "@openpro/core/schema-free";
import { PlainPageTitle, Spinner } from "../components/plain-ui";
import { useStudyEnded } from "../features/patient-side/api";
import { pageParams } from "../lib/page-address";

/** /study/{programId}: "This study has now ended" after the check call. */
export const StudyPage = () => {
  const { programId = "" } = pageParams("/study/:programId");
  const study = useStudyEnded(programId);
  if (study.isPending) return <Spinner label="Checking the study" />;
  if (study.isSuccess) {
    return (
      <>
        <PlainPageTitle>{study.data.programName || "Study ended"}</PlainPageTitle>
        <p className="pu-text">{messages.studyEnded}</p>
      </>
    );
  }
  return (
    <>
      <PlainPageTitle>This study is running</PlainPageTitle>
      <p className="pu-text">There is nothing to do here. If you take part in this study, keep using the app.</p>
    </>
  );
};
