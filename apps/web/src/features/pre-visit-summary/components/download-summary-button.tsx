import DownloadIcon from "@mui/icons-material/Download";
import MuiAlert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { summaryErrorText, useDownloadPreVisitSummaryPdf } from "../api";

/** "Download PDF": the summary on the page as a PDF/A file, for print or the patient's record. */
export const DownloadSummaryButton = ({ programId, userId }: { programId: string; userId: string }) => {
  const download = useDownloadPreVisitSummaryPdf(programId, userId);
  return (
    <Box sx={{ display: "grid", gap: 1, justifyItems: "start" }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? "Preparing the PDF…" : "Download PDF"}
      </Button>
      {download.isError ? <MuiAlert severity="error">{summaryErrorText(download.error)}</MuiAlert> : null}
    </Box>
  );
};
