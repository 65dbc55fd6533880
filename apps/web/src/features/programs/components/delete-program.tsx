import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Popover from "@mui/material/Popover";
import Typography from "@mui/material/Typography";
import { messages } from "@openpro/core";
import { useId, useState } from "react";
import { ApiError } from "../../../lib/http";
import type { Program } from "../../../lib/wire";
import { useDeleteProgram } from "../api";

/** Delete program tab: the irreversible warning, then a confirm popover. */
export const DeleteProgram = ({ program, onDeleted }: { program: Program; onDeleted: () => void }) => {
  const remove = useDeleteProgram(program.programId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const titleId = useId();
  const failure = remove.error
    ? remove.error instanceof ApiError && remove.error.status !== undefined && remove.error.status < 500
      ? remove.error.message
      : messages.somethingWentWrong
    : null;

  return (
    <Box>
      <Typography variant="h2" sx={{ mb: 2 }}>
        Delete program
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        <Typography component="p" sx={{ fontWeight: 600 }}>
          Deleting a program is irreversible.
        </Typography>
        <Typography component="p">
          All of the program's data is removed and every user loses access to it. All users (patients and team members)
          must be removed from the program before it can be deleted.
        </Typography>
      </Alert>
      <Button
        variant="contained"
        color="error"
        aria-haspopup="dialog"
        aria-controls={anchor ? popoverId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          remove.reset();
          setAnchor(event.currentTarget);
        }}
      >
        Delete this program
      </Button>
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
        slotProps={{ paper: { role: "dialog", "aria-labelledby": titleId, sx: { p: 2, maxWidth: 360 } } }}
      >
        <Typography id={titleId} component="p" sx={{ fontWeight: 600, mb: 2 }}>
          {`Delete "${program.name}"? This cannot be undone.`}
        </Typography>
        <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end" }}>
          <Button onClick={() => setAnchor(null)} autoFocus disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="contained"
            color="error"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: onDeleted,
                onSettled: () => setAnchor(null),
              })
            }
          >
            Delete program
          </Button>
        </Box>
      </Popover>
    </Box>
  );
};
