import { PlainPageTitle } from "../components/plain-ui";

/** /auth-confirm: the thank-you page after consent. */
export const AuthConfirmPage = () => (
  <>
    <PlainPageTitle>Thank you</PlainPageTitle>
    <p className="pu-text">Thank you for joining the program. Your care team can now see your reports.</p>
    <a href="/get-the-app">Get the app</a>
  </>
);
