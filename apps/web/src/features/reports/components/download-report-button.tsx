import DownloadIcon from "@mui/icons-material/Download";
import Button from "@mui/material/Button";
import { messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { type DateRange, useDownloadPatientReport } from "../api";

export const DownloadReportButton = ({
  programId,
  userId,
  range,
}: {
  programId: string;
  userId: string;
  range: DateRange;
}) => {
  const download = useDownloadPatientReport(programId, userId);
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={download.isPending}
      onClick={() =>
        download.mutate(range, {
          onError: () => enqueueSnackbar(messages.somethingWentWrong, { variant: "error" }),
        })
      }
    >
      Download patient report
    </Button>
  );
};
