import Box from "@mui/material/Box";
import FormHelperText from "@mui/material/FormHelperText";
import Typography from "@mui/material/Typography";
import { jsonFileProblem, messages } from "@openpro/core";
import { useId, useRef, useState } from "react";

export type ChosenJson = { fileName: string; json: unknown };

const texts = {
  missing: messages.questionnaireFileMissing,
  type: messages.questionnaireFileType,
  size: messages.questionnaireFileTooLarge,
  name: messages.questionnaireFileNameTooLong,
};

/**
 * A .json file input (application/json, at most 5 MB, name at most 50 characters). The file is read
 * and parsed here; the server's problems with it are listed below the input as "field: detail".
 */
export const JsonFileField = ({
  label,
  onChosen,
  problems,
  showMissing,
}: {
  label: string;
  onChosen: (chosen: ChosenJson | null) => void;
  /** The server's problems with the file, one line each. */
  problems: string[];
  /** After a submit without a file: say so. */
  showMissing?: boolean;
}) => {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    const refused = jsonFileProblem(file ?? null, texts);
    setFileName(file?.name ?? null);
    if (refused || !file) {
      setProblem(refused);
      onChosen(null);
      return;
    }
    try {
      const json = JSON.parse(await file.text()) as unknown;
      setProblem(null);
      onChosen({ fileName: file.name, json });
    } catch {
      setProblem(messages.questionnaireFileNotJson);
      onChosen(null);
    }
  };

  const shown = problem ?? (showMissing && !fileName ? messages.questionnaireFileMissing : null);
  return (
    <Box>
      <Typography component="label" htmlFor={id} sx={{ display: "block", fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
        <input
          id={id}
          ref={input}
          type="file"
          accept="application/json,.json"
          aria-describedby={`${id}-status`}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </Box>
      <FormHelperText id={`${id}-status`} error={!!shown || problems.length > 0} component="div">
        {shown ?? (fileName ? `Chosen: ${fileName}` : "A .json file of at most 5 MB")}
        {problems.length > 0 ? (
          <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label="Problems with the file">
            {problems.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        ) : null}
      </FormHelperText>
    </Box>
  );
};
