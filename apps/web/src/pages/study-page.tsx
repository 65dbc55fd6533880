import { PlainPageTitle, Spinner } from "../components/plain-ui";
import { useStudyEnded } from "../features/patient-side/api";
import { pageParams } from "../lib/page-address";
import { t } from "../lib/patient-text";

/** /study/{programId}: "This study has now ended" after the check call. */
export const StudyPage = () => {
  const { programId = "" } = pageParams("/study/:programId");
  const study = useStudyEnded(programId);
  if (study.isPending) return <Spinner label={t("checkingStudy")} />;
  if (study.isSuccess) {
    return (
      <>
        <PlainPageTitle>{study.data.programName || t("studyEndedTitle")}</PlainPageTitle>
        <p className="pu-text">{t("studyEnded")}</p>
      </>
    );
  }
  return (
    <>
      <PlainPageTitle>{t("studyRunningTitle")}</PlainPageTitle>
      <p className="pu-text">{t("studyRunning")}</p>
    </>
  );
};
