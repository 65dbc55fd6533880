import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { type LegalDocumentId, messages } from "@openpro/core";
import { useId } from "react";
import { Loading } from "../../../components/loading";
import { TextBlocks } from "../../../components/text-blocks";
import { useLegalDocument } from "../api";

export interface LegalDocumentDialogProps {
  documentId: LegalDocumentId;
  fallbackTitle: string;
  open: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

/** A legal document to accept; Accept and Decline appear only once the document has loaded. */
export const LegalDocumentDialog = ({
  documentId,
  fallbackTitle,
  open,
  onAccept,
  onDecline,
}: LegalDocumentDialogProps) => {
  const document = useLegalDocument(documentId);
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onDecline} aria-labelledby={titleId} scroll="paper" maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{document.data?.title ?? fallbackTitle}</DialogTitle>
      <DialogContent dividers>
        {document.isPending ? <Loading /> : null}
        {document.isError ? <Alert severity="error">{messages.somethingWentWrong}</Alert> : null}
        {document.isSuccess ? <TextBlocks blocks={document.data.blocks} /> : null}
      </DialogContent>
      {document.isSuccess ? (
        <DialogActions>
          <Button onClick={onDecline}>Decline</Button>
          <Button onClick={onAccept} variant="contained">
            Accept
          </Button>
        </DialogActions>
      ) : (
        <DialogActions>
          <Button onClick={onDecline}>Close</Button>
        </DialogActions>
      )}
    </Dialog>
  );
};
