import DownloadIcon from "@mui/icons-material/Download";
import Button from "@mui/material/Button";
import { messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useDownloadPatientData } from "../api";

/** A patient's own data (GDPR access/portability request), as the patient would download it: one zip. */
export const PatientDataExportButton = ({ programId, userId }: { programId: string; userId: string }) => {
  const downloading = useDownloadPatientData(programId, userId);
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon aria-hidden="true" />}
      disabled={downloading.isPending}
      onClick={() =>
        downloading.mutate(undefined, { onError: () => enqueueSnackbar(messages.exportFailed, { variant: "error" }) })
      }
    >
      Patient's data (zip)
    </Button>
  );
};
