import type { LegalDocumentId } from "@openpro/core";
import { type ReactNode, useState } from "react";
import { Checkbox } from "../../../components/plain-ui";

export type SignupDocument = Extract<LegalDocumentId, "privacy-policy" | "eula">;

export interface DocumentDialogProps {
  documentId: SignupDocument;
  open: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

type DocumentField = "privacyPolicy" | "eula";

const documentFields: Record<SignupDocument, DocumentField> = { "privacy-policy": "privacyPolicy", eula: "eula" };

/** "I accept the" and the documents' names: the patient's pages give their catalogue's words. */
export interface AcceptanceWords {
  iAcceptThe: string;
  names: Record<SignupDocument, string>;
}

const staffWords: AcceptanceWords = {
  iAcceptThe: "I accept the",
  // Words a patient knows, not the acronym.
  names: { "privacy-policy": "privacy policy", eula: "licence agreement" },
};

/**
 * "I accept the {document}" checkboxes of a sign-up form (a patient's or a new clinician's), in the
 * given order; the document's name opens it in a dialog whose Accept and Decline tick and untick
 * the box.
 */
export const LegalAcceptanceFields = ({
  documents,
  accepted,
  errorOf,
  onAnswer,
  disabled,
  documentDialog,
  words = staffWords,
}: {
  documents: readonly SignupDocument[];
  accepted: Record<DocumentField, boolean>;
  errorOf: (field: DocumentField) => string | null;
  onAnswer: (field: DocumentField, accepted: boolean) => void;
  disabled?: boolean;
  documentDialog: (props: DocumentDialogProps) => ReactNode;
  words?: AcceptanceWords;
}) => {
  const [reading, setReading] = useState<SignupDocument | null>(null);
  const answer = (id: SignupDocument, value: boolean) => {
    onAnswer(documentFields[id], value);
    setReading(null);
  };
  return (
    <>
      {documents.map((id) => {
        const field = documentFields[id];
        return (
          <Checkbox
            key={id}
            name={field}
            checked={accepted[field]}
            onChecked={(value) => onAnswer(field, value)}
            error={errorOf(field)}
            disabled={disabled}
            label={
              <>
                {words.iAcceptThe}{" "}
                <button type="button" className="pu-link-button" onClick={() => setReading(id)}>
                  {words.names[id]}
                </button>
              </>
            }
          />
        );
      })}
      {documents.map((id) => (
        <div key={id}>
          {documentDialog({
            documentId: id,
            open: reading === id,
            onAccept: () => answer(id, true),
            onDecline: () => answer(id, false),
          })}
        </div>
      ))}
    </>
  );
};
