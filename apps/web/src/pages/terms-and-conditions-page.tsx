import { LegalDocument } from "../features/content/components/legal-document";

export const TermsAndConditionsPage = () => (
  <LegalDocument documentId="terms-conditions" fallbackTitle="Terms and conditions" />
);
