import UploadIcon from "@mui/icons-material/Upload";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { limits, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { ApiError } from "../../../lib/http";
import { useUploadImage } from "../api";

export interface UploadedImage {
  imageUrl: string;
  thumbnailUrl: string;
}

/** The client-side image checks, in the spec's order; null when the file may be sent. */
export const imageProblem = (file: File | null | undefined): string | null => {
  if (!file) return messages.imageMissing;
  if (!(limits.image.types as readonly string[]).includes(file.type)) return messages.imageUnsupported;
  if (file.size > limits.image.maxBytes) return messages.imageTooLarge;
  if (file.name.length > limits.image.maxFileNameLength) return messages.imageNameTooLong;
  return null;
};

/** Program image: png or jpeg up to 5 MB; checked here, then uploaded; the thumbnail is shown. */
export const ImageUpload = ({
  value,
  onChange,
  disabled,
  successMessage = messages.imageUploaded,
}: {
  value: UploadedImage | null;
  onChange: (image: UploadedImage | null) => void;
  disabled?: boolean;
  /** Shown once the upload succeeds; null when the caller announces its own outcome. */
  successMessage?: string | null;
}) => {
  const upload = useUploadImage();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = "";
    const local = imageProblem(file);
    setProblem(local);
    if (local || !file) return;
    upload.mutate(file, {
      onSuccess: (image) => {
        onChange(image);
        if (successMessage) enqueueSnackbar(successMessage, { variant: "success" });
      },
      onError: (error) => {
        const field =
          error instanceof ApiError ? error.fieldErrors.find((e) => e.field === "file")?.message : undefined;
        setProblem(
          field ??
            (error instanceof ApiError && error.status !== undefined && error.status < 500
              ? error.message
              : messages.somethingWentWrong),
        );
      },
    });
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
        Program image
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A .png or .jpeg image of at most 5 MB, with a file name of at most {limits.image.maxFileNameLength} characters.
      </Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        {value ? (
          <Box
            component="img"
            src={value.thumbnailUrl}
            alt="Program image thumbnail"
            sx={{ width: 96, height: 96, objectFit: "cover", borderRadius: 1, border: 1, borderColor: "divider" }}
          />
        ) : null}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={limits.image.types.join(",")}
          hidden
          onChange={onFile}
          aria-label="Program image file"
        />
        <Button
          variant="outlined"
          startIcon={<UploadIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={disabled || upload.isPending}
          aria-describedby={problem ? errorId : undefined}
        >
          {upload.isPending ? "Uploading…" : value ? "Replace image" : "Upload image"}
        </Button>
        {value ? (
          <Button onClick={() => onChange(null)} disabled={disabled || upload.isPending}>
            Remove image
          </Button>
        ) : null}
      </Box>
      {problem ? (
        <Alert severity="error" id={errorId} sx={{ mt: 1 }}>
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
};
