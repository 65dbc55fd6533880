import type { PatientLanguage } from "@openpro/core";
import { lazy, Suspense, useState } from "react";
import { Alert, Button, Checkbox, Dialog, Spinner } from "../../../components/plain-ui";
import { otherLanguageMark, t } from "../../../lib/patient-text";
import { useDeclineConsent, useGiveConsent } from "../api";

const ConsentMarkdown = lazy(async () => ({ default: (await import("./consent-markdown")).ConsentMarkdown }));

/**
 * The program's consent: the message, a consent checkbox that enables Participate,
 * and "I do not want to take part" behind a confirm modal (nothing here is withdrawn: the patient
 * has not taken part yet).
 */
export const ConsentForm = ({
  programId,
  programName,
  consentMessage,
  consentMessageLanguage,
  onParticipated,
}: {
  programId: string;
  programName: string;
  consentMessage: string;
  /** The language the message is in (the program may have none in the patient's): set as its lang, and marked. */
  consentMessageLanguage?: PatientLanguage | undefined;
  onParticipated: () => void;
}) => {
  const give = useGiveConsent(programId);
  const decline = useDeclineConsent(programId);
  const [agreed, setAgreed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [declined, setDeclined] = useState(false);

  if (declined) {
    return (
      <Alert severity="info" role="status">
        {t("consentDeclined")}
      </Alert>
    );
  }
  const failed = give.isError || decline.isError;
  const mark = otherLanguageMark(consentMessageLanguage);
  return (
    <div>
      {programName ? <h2 className="pu-h2">{programName}</h2> : null}
      {mark ? <p className="pu-text">{mark}</p> : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="pu-scroll" tabIndex={0} aria-label={t("consentMessageLabel")} lang={consentMessageLanguage}>
        <Suspense fallback={<Spinner label={t("loadingConsent")} />}>
          <ConsentMarkdown source={consentMessage} />
        </Suspense>
      </section>
      <Checkbox checked={agreed} onChecked={setAgreed} label={t("consentAgree")} />
      {failed ? <Alert severity="error">{t("somethingWentWrong")}</Alert> : null}
      <div className="pu-actions">
        <Button
          variant="contained"
          large
          disabled={!agreed || give.isPending}
          onClick={() => give.mutate(undefined, { onSuccess: onParticipated })}
        >
          {t("participate")}
        </Button>
        <Button large onClick={() => setConfirming(true)} disabled={give.isPending}>
          {t("declineConsent")}
        </Button>
      </div>
      <Dialog
        open={confirming}
        title={t("declineConsentTitle")}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button onClick={() => setConfirming(false)} disabled={decline.isPending}>
              {t("cancel")}
            </Button>
            <Button
              variant="contained"
              className="pu-button-danger"
              disabled={decline.isPending}
              onClick={() =>
                decline.mutate(undefined, {
                  onSuccess: () => setDeclined(true),
                  onSettled: () => setConfirming(false),
                })
              }
            >
              {t("declineConsent")}
            </Button>
          </>
        }
      >
        <p className="pu-text">{t("declineConsentText")}</p>
      </Dialog>
    </div>
  );
};
