import { useState } from "react";
import { ButtonLink, PlainPageTitle } from "../components/plain-ui";
import { QrCode } from "../components/qr-code";
import { patientApp } from "../lib/config";
import { t } from "../lib/patient-text";
import { fitsInQr } from "../lib/qr";
import { UseInBrowserLink } from "./use-in-browser-link";

// The Material icons Apple and Android, inline: no icon or style library on this page.
const appleIcon =
  "M18.71 19.5c-.83 1.24-1.71 2.45-3.05 2.47-1.34.03-1.77-.79-3.29-.79-1.53 0-2 .77-3.27.82-1.31.05-2.3-1.32-3.14-2.53C4.25 17 2.94 12.45 4.7 9.39c.87-1.52 2.43-2.48 4.12-2.51 1.28-.02 2.5.87 3.29.87.78 0 2.26-1.07 3.81-.91.65.03 2.47.26 3.64 1.98-.09.06-2.17 1.28-2.15 3.81.03 3.02 2.65 4.03 2.68 4.04-.03.07-.42 1.44-1.38 2.83M13 3.5c.73-.83 1.94-1.46 2.94-1.5.13 1.17-.34 2.35-1.04 3.19-.69.85-1.83 1.51-2.95 1.42-.15-1.15.41-2.35 1.05-3.11z";
const androidIcon =
  "M17.6 9.48l1.84-3.18c.16-.31.04-.69-.26-.85-.29-.15-.65-.06-.83.22l-1.88 3.24c-2.86-1.21-6.08-1.21-8.94 0L5.65 5.67c-.19-.29-.58-.38-.87-.2-.28.18-.37.54-.22.83L6.4 9.48C3.3 11.25 1.28 14.44 1 18h22c-.28-3.56-2.3-6.75-5.4-8.52M7 15.25c-.69 0-1.25-.56-1.25-1.25s.56-1.25 1.25-1.25 1.25.56 1.25 1.25-.56 1.25-1.25 1.25m10 0c-.69 0-1.25-.56-1.25-1.25s.56-1.25 1.25-1.25 1.25.56 1.25 1.25-.56 1.25-1.25 1.25";
const Icon = ({ path }: { path: string }) => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
    <path d={path} />
  </svg>
);

/**
 * A phone: a narrow screen or a phone's browser. There a QR code would ask the patient to scan the
 * screen with the phone it is on, so the page offers the app and the browser instead.
 */
const onAPhone = () =>
  window.matchMedia?.("(max-width: 599px)").matches === true ||
  /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

/** /get-the-app: the store links and the browser; on a computer, a QR code that opens this page on a phone. */
export const GetTheAppPage = () => {
  const here = `${window.location.origin}/get-the-app`;
  const [phone] = useState(onAPhone);
  const showQr = !phone && fitsInQr(here);
  return (
    <>
      <PlainPageTitle>{t("getTheAppTitle", { app: patientApp.name })}</PlainPageTitle>
      <p className="pu-text">
        {phone ? t("getTheAppPhoneIntro", { app: patientApp.name }) : t("getTheAppIntro", { app: patientApp.name })}
      </p>
      {showQr ? (
        <div className="pu-center">
          <QrCode value={here} label={t("qrLabel", { address: here })} />
          <p className="pu-text pu-secondary pu-small">{t("qrHint")}</p>
        </div>
      ) : null}
      <div className="pu-stack">
        <ButtonLink large href={patientApp.iosUrl}>
          <Icon path={appleIcon} />
          {t("appStore")}
        </ButtonLink>
        <ButtonLink large href={patientApp.androidUrl}>
          <Icon path={androidIcon} />
          {t("googlePlay")}
        </ButtonLink>
        <UseInBrowserLink />
      </div>
    </>
  );
};
