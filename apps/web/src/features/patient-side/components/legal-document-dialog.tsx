import type { LegalDocumentId, RichTextBlock } from "@openpro/core";
import { Alert, Button, Dialog, Spinner } from "../../../components/plain-ui";
import { t } from "../../../lib/patient-text";
import { useLegalDocument } from "../api";

/** The document's text blocks as elements, never HTML (headings one level below the dialog's title). */
const Blocks = ({ blocks }: { blocks: readonly RichTextBlock[] }) => (
  <>
    {blocks.map((block, index) => {
      const key = `${block.type}-${index}`;
      if (block.type === "heading") return <h3 key={key}>{block.text}</h3>;
      if (block.type === "paragraph") return <p key={key}>{block.text}</p>;
      return (
        <ul key={key}>
          {block.items.map((item, itemIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items may repeat and never reorder
            <li key={itemIndex}>{item}</li>
          ))}
        </ul>
      );
    })}
  </>
);

const Loaded = ({ documentId, fallbackTitle, onAccept, onDecline }: Omit<LegalDocumentDialogProps, "open">) => {
  const document = useLegalDocument(documentId);
  return (
    <Dialog
      open
      wide
      title={document.data?.title ?? fallbackTitle}
      onClose={onDecline}
      actions={
        document.isSuccess ? (
          <>
            <Button onClick={onDecline}>{t("decline")}</Button>
            <Button variant="contained" onClick={onAccept}>
              {t("accept")}
            </Button>
          </>
        ) : (
          <Button onClick={onDecline}>{t("close")}</Button>
        )
      }
    >
      {document.isPending ? <Spinner label={t("loading")} /> : null}
      {document.isError ? <Alert severity="error">{t("somethingWentWrong")}</Alert> : null}
      {document.isSuccess ? <Blocks blocks={document.data.blocks} /> : null}
    </Dialog>
  );
};

export interface LegalDocumentDialogProps {
  documentId: LegalDocumentId;
  fallbackTitle: string;
  open: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

/** A legal document to accept while signing up; Accept and Decline appear once it has loaded (fetched on opening). */
export const LegalDocumentDialog = ({ open, ...props }: LegalDocumentDialogProps) =>
  open ? <Loaded {...props} /> : null;
