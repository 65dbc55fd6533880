import { BackToSignup } from "../components/back-to-signup";
import { LegalDocument } from "../features/content/components/legal-document";

export const PrivacyPolicyPage = () => (
  <>
    <BackToSignup />
    <LegalDocument documentId="privacy-policy" fallbackTitle="Privacy policy" />
  </>
);
