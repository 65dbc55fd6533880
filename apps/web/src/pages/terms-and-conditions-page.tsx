import { BackToSignup } from "../components/back-to-signup";
import { LegalDocument } from "../features/content/components/legal-document";

export const TermsAndConditionsPage = () => (
  <>
    <BackToSignup />
    <LegalDocument documentId="terms-conditions" fallbackTitle="Terms and conditions" />
  </>
);
