import { LegalDocument } from "../features/content/components/legal-document";

export const PrivacyPolicyPage = () => <LegalDocument documentId="privacy-policy" fallbackTitle="Privacy policy" />;
