import AndroidIcon from "@mui/icons-material/Android";
import AppleIcon from "@mui/icons-material/Apple";
import { Box, Button, Typography } from "@mui/material";
import { PageTitle } from "../components/page-title";
import { QrCode } from "../components/qr-code";
import { RouterLink } from "../components/router-link";
import { patientApp } from "../lib/config";
import { fitsInQr } from "../lib/qr";

/** /get-the-app: a QR code (opens this page on a phone) and the store links. */
export const GetTheAppPage = () => {
  const here = `${window.location.origin}/get-the-app`;
  const fits = fitsInQr(here);
  return (
    <>
      <PageTitle>Get the {patientApp.name} app</PageTitle>
      <Typography sx={{ mb: 3 }}>
        Download the {patientApp.name} app on your phone and sign in with the e-mail address and password you have just
        used.
      </Typography>
      {fits ? (
        <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", mb: 3 }}>
          <QrCode value={here} label={`QR code: open ${here} on your phone`} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Scan with your phone's camera to open this page there.
          </Typography>
        </Box>
      ) : null}
      <Box sx={{ display: "grid", gap: 2 }}>
        <Button variant="contained" size="large" href={patientApp.iosUrl} startIcon={<AppleIcon />}>
          Download on the App Store
        </Button>
        <Button variant="contained" size="large" href={patientApp.androidUrl} startIcon={<AndroidIcon />}>
          Get it on Google Play
        </Button>
        <Button variant="outlined" size="large" component={RouterLink} to="/me">
          Use OpenPRO in your browser
        </Button>
      </Box>
    </>
  );
};
