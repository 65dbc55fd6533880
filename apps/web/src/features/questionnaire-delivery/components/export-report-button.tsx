import DownloadIcon from "@mui/icons-material/Download";
import Button from "@mui/material/Button";
import { messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useExportQuestionnaireReport } from "../api";

/**
 * The program dashboard's questionnaire data export (EXPORT_PROJECT_QUESTIONNAIRES_REPORT): the
 * program's answered questionnaires as a CSV file, named by the server.
 */
export const ExportQuestionnaireReportButton = ({
  programId,
  range,
  format = "csv",
}: {
  programId: string;
  range?: { startDate?: string; endDate?: string };
  format?: "csv" | "xlsx";
}) => {
  const exporting = useExportQuestionnaireReport(programId);
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon aria-hidden="true" />}
      disabled={exporting.isPending}
      onClick={() =>
        exporting.mutate(
          { ...range, format },
          {
            onError: () => enqueueSnackbar(messages.qsExportFailed, { variant: "error" }),
          },
        )
      }
    >
      {format === "xlsx" ? "Export questionnaire data (Excel)" : "Export questionnaire data"}
    </Button>
  );
};
