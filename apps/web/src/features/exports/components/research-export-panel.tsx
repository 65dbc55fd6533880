import DownloadIcon from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { type CurrentUser, can, messages, type ResearchExport } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { formatDateTime } from "../../../lib/format";
import { useDownloadResearchExport, useResearchExports, useStartResearchExport } from "../api";

const formatLabel = { csv: "CSV (zip, one file per kind)", xlsx: "Excel (one sheet per kind)" } as const;

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const statusText = (e: ResearchExport) =>
  e.status === "ready"
    ? "Ready"
    : e.status === "failed"
      ? "Failed"
      : e.status === "queued"
        ? "Waiting to start"
        : `Running: ${e.percent}%`;

/**
 * The program's research export: choose the format and, as the user's permissions allow,
 * anonymised or identifiable data; start it; watch its progress; download the file when ready.
 */
/** One choice of the export: its label and its options as a row of radio buttons. */
const ExportChoice = ({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) => (
  <FormControl>
    <FormLabel id={id}>{label}</FormLabel>
    <RadioGroup aria-labelledby={id} row value={value} onChange={(event) => onChange(event.target.value)}>
      {children}
    </RadioGroup>
  </FormControl>
);

export const ResearchExportPanel = ({ programId, actor }: { programId: string; actor: CurrentUser }) => {
  const identifiable = can(actor, "export_project_data_identifiable");
  const [format, setFormat] = useState<"csv" | "xlsx">("xlsx");
  const [anonymised, setAnonymised] = useState(true);
  const exports = useResearchExports(programId);
  const starting = useStartResearchExport(programId);
  const downloading = useDownloadResearchExport(programId);

  const startExport = () =>
    starting.mutate(
      { format, anonymised: identifiable ? anonymised : true },
      {
        onSuccess: () => enqueueSnackbar(messages.exportStarted, { variant: "success" }),
        onError: (error) => enqueueSnackbar(error.message || messages.exportFailed, { variant: "error" }),
      },
    );

  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <Paper variant="outlined" sx={{ p: 2, display: "grid", gap: 2 }}>
        <Typography variant="body1">
          Symptoms, measurements, medications, questionnaire answers and scores, and appointments of the program's
          consented patients. Column names are listed in the export guide of the documentation.
        </Typography>
        <ExportChoice
          id="export-format-label"
          label="Format"
          value={format}
          onChange={(chosen) => setFormat(chosen as "csv" | "xlsx")}
        >
          <FormControlLabel value="xlsx" control={<Radio />} label={formatLabel.xlsx} />
          <FormControlLabel value="csv" control={<Radio />} label={formatLabel.csv} />
        </ExportChoice>
        <ExportChoice
          id="export-data-label"
          label="Data"
          value={identifiable && !anonymised ? "identifiable" : "anonymised"}
          onChange={(chosen) => setAnonymised(chosen === "anonymised")}
        >
          <FormControlLabel
            value="anonymised"
            control={<Radio />}
            label="Anonymised (pseudonymous keys, birth year only, no names or notes)"
          />
          {identifiable ? (
            <FormControlLabel value="identifiable" control={<Radio />} label="Identifiable (names, e-mails, ids)" />
          ) : null}
        </ExportChoice>
        <Box>
          <Button variant="contained" onClick={startExport} disabled={starting.isPending}>
            Start export
          </Button>
        </Box>
      </Paper>

      <Box component="section" aria-labelledby="recent-exports-heading">
        <Typography variant="h3" id="recent-exports-heading" sx={{ mb: 1 }}>
          Your recent exports
        </Typography>
        {exports.isError ? <Alert severity="error">{messages.somethingWentWrong}</Alert> : null}
        {exports.data && exports.data.results.length === 0 ? (
          <Typography>No exports yet. Files are kept for 7 days.</Typography>
        ) : null}
        {exports.data && exports.data.results.length > 0 ? (
          <Table size="small" aria-labelledby="recent-exports-heading">
            <TableHead>
              <TableRow>
                <TableCell>Started</TableCell>
                <TableCell>Format</TableCell>
                <TableCell>Data</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>File</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {exports.data.results.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{formatDateTime(e.createdAt)}</TableCell>
                  <TableCell>{e.format === "xlsx" ? "Excel" : "CSV"}</TableCell>
                  <TableCell>{e.anonymised ? "Anonymised" : "Identifiable"}</TableCell>
                  <TableCell sx={{ minWidth: 180 }}>
                    <span role="status">{statusText(e)}</span>
                    {e.status === "queued" || e.status === "running" ? (
                      <LinearProgress
                        variant="determinate"
                        value={e.percent}
                        aria-label={`Export progress ${e.percent}%`}
                        sx={{ mt: 0.5 }}
                      />
                    ) : null}
                    {e.status === "failed" && e.error ? (
                      <Typography variant="body2" color="error">
                        {e.error}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {e.status === "ready" ? (
                      <Button
                        variant="outlined"
                        size="small"
                        startIcon={<DownloadIcon aria-hidden="true" />}
                        disabled={downloading.isPending}
                        onClick={() =>
                          downloading.mutate(e, {
                            onError: () => enqueueSnackbar(messages.exportFailed, { variant: "error" }),
                          })
                        }
                      >
                        Download
                      </Button>
                    ) : null}
                    {e.status === "ready" && e.fileName ? (
                      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
                        {e.fileName}
                        {e.byteSize !== null ? ` (${fileSize(e.byteSize)})` : ""}
                      </Typography>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </Box>
    </Box>
  );
};
