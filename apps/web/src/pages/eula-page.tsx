import { BackToSignup } from "../components/back-to-signup";
import { LegalDocument } from "../features/content/components/legal-document";

export const EulaPage = () => (
  <>
    <BackToSignup />
    <LegalDocument documentId="eula" fallbackTitle="End user licence agreement" />
  </>
);
