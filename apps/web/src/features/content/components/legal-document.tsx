import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { type LegalDocumentId, messages } from "@openpro/core";
import { Loading } from "../../../components/loading";
import { PageTitle } from "../../../components/page-title";
import { TextBlocks } from "../../../components/text-blocks";
import { formatDateTime } from "../../../lib/format";
import { useLegalDocument } from "../api";

/** A legal page: the document title as h1, then its blocks. */
export const LegalDocument = ({
  documentId,
  fallbackTitle,
}: {
  documentId: LegalDocumentId;
  fallbackTitle: string;
}) => {
  const document = useLegalDocument(documentId);
  if (document.isPending) {
    return (
      <>
        <PageTitle>{fallbackTitle}</PageTitle>
        <Loading />
      </>
    );
  }
  if (document.isError) {
    return (
      <>
        <PageTitle>{fallbackTitle}</PageTitle>
        <Alert severity="error">{messages.somethingWentWrong}</Alert>
      </>
    );
  }
  return (
    <>
      <PageTitle>{document.data.title}</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Version {document.data.version} · updated {formatDateTime(document.data.updatedAt)}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Box component="article">
          <TextBlocks blocks={document.data.blocks} />
        </Box>
      </Paper>
    </>
  );
};
