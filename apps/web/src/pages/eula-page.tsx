import { LegalDocument } from "../features/content/components/legal-document";

export const EulaPage = () => <LegalDocument documentId="eula" fallbackTitle="End user licence agreement" />;
