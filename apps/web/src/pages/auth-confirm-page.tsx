import { Typography } from "@mui/material";
import { PageTitle } from "../components/page-title";
import { TextLink } from "../components/router-link";

/** /auth-confirm: the thank-you page after consent. */
export const AuthConfirmPage = () => (
  <>
    <PageTitle>Thank you</PageTitle>
    <Typography sx={{ mb: 3 }}>Thank you for joining the program. Your care team can now see your reports.</Typography>
    <TextLink to="/get-the-app">Get the app</TextLink>
  </>
);
