import CloseIcon from "@mui/icons-material/Close";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { can, type Grants, messages, territoryTimeZones } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { z } from "zod";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormDateField, isIsoDate } from "../../../components/form-date-field";
import { Loading } from "../../../components/loading";
import { displayLocale } from "../../../lib/format";
import type { Program } from "../../../lib/wire";
import { endOfDay, useCreateInviteCode, useDeactivateInviteCode, useInviteCodes, useUpdateInviteCode } from "../api";

/** The locale's one date format; expiry dates are ends of UTC days, so they are shown in UTC. */
const formatCodeDate = (iso: string | null, timeZone = "UTC"): string => {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return new Intl.DateTimeFormat(displayLocale(), {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone,
  }).format(date);
};

/** Today as YYYY-MM-DD in this browser. */
const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;

const futureProblem = (date: string, now = new Date()): string | null =>
  !date
    ? messages.required
    : !isIsoDate(date)
      ? messages.dateInvalid
      : date < localToday(now) || Date.parse(endOfDay(date)) <= now.getTime()
        ? messages.inviteCodeFutureOnly
        : null;

/** The expiry date as the form holds it (YYYY-MM-DD, in the reader's order on screen): required, real, in the future. */
const expirySchema = z.object({
  date: z.string().superRefine((date, ctx) => {
    const problem = futureProblem(date);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});

/** A date field and a submit button; the date must be in the future. */
const ExpiryForm = ({
  label,
  submitLabel,
  initial = "",
  pending,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  pending: boolean;
  onSubmit: (date: string) => void;
}) => {
  const form = useSchemaForm(expirySchema, { date: initial });
  return (
    <Form
      form={form}
      onSubmit={({ date }) => onSubmit(date)}
      sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}
    >
      <FormDateField
        control={form.control}
        name="date"
        label={label}
        required
        min={localToday()}
        sx={{ mt: 0, minWidth: 220 }}
      />
      <FormSubmitButton pending={pending} sx={{ mt: 1 }}>
        {submitLabel}
      </FormSubmitButton>
    </Form>
  );
};

/** The Invite Codes tab: one active public code, its expiry, and the deactivated ones. */
export const InviteCodesTab = ({ program, actor }: { program: Program; actor: Grants }) => {
  const programId = program.programId;
  const codes = useInviteCodes(programId);
  const create = useCreateInviteCode(programId);
  const update = useUpdateInviteCode(programId);
  const deactivate = useDeactivateInviteCode(programId);
  const [pendingDate, setPendingDate] = useState<string | null>(null);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const [editing, setEditing] = useState(false);
  // Counts the codes created here: a new code starts a fresh, untouched create form (decision 031).
  const [created, setCreated] = useState(0);
  const drawerTitleId = useId();
  const timeZone = territoryTimeZones[program.territory];
  const mayCreate = can(actor, "create_public_invite_codes");
  const mayEdit = can(actor, "edit_public_invite_codes");

  const doCreate = (date: string) => {
    setPendingDate(null);
    create.mutate(date, {
      onSuccess: () => {
        setCreated((n) => n + 1);
        enqueueSnackbar(messages.inviteCodeCreated, { variant: "success" });
      },
      onError: () => enqueueSnackbar(messages.inviteCodeIssue("creating"), { variant: "error" }),
    });
  };
  const doUpdate = (date: string) =>
    update.mutate(date, {
      onSuccess: () => {
        enqueueSnackbar(messages.inviteCodeUpdated, { variant: "success" });
        setEditing(false);
      },
      onError: () => enqueueSnackbar(messages.inviteCodeIssue("updating"), { variant: "error" }),
    });
  const doDeactivate = () =>
    deactivate.mutate(undefined, {
      onSuccess: () => enqueueSnackbar(messages.inviteCodeDeactivated, { variant: "success" }),
      onError: () => enqueueSnackbar(messages.inviteCodeIssue("deactivating"), { variant: "error" }),
      onSettled: () => setConfirmDeactivate(false),
    });
  const copy = (code: string) => {
    const clipboard = navigator.clipboard;
    if (!clipboard) return;
    void clipboard.writeText(code).then(
      () => enqueueSnackbar(messages.inviteCodeCopied, { variant: "success" }),
      () => undefined,
    );
  };

  if (codes.isPending) return <Loading label="Loading invite codes" />;
  if (codes.isError) return <Alert severity="error">{messages.inviteCodeIssue("getting")}</Alert>;
  const { active, inactive } = codes.data;

  return (
    <Box>
      <Typography variant="h2" sx={{ mb: 2 }}>
        Invite codes
      </Typography>
      {mayCreate ? (
        <Paper variant="outlined" component="section" aria-labelledby="create-code-heading" sx={{ p: 2, mb: 3 }}>
          <Typography variant="h3" id="create-code-heading" sx={{ mb: 1 }}>
            Create a new code
          </Typography>
          <ExpiryForm
            key={created}
            label="Expiry date"
            submitLabel="Create code"
            pending={create.isPending}
            onSubmit={(date) => (active ? setPendingDate(date) : doCreate(date))}
          />
        </Paper>
      ) : null}

      <Typography variant="h3" sx={{ mb: 1 }}>
        Active code
      </Typography>
      {active ? (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }} aria-label="Active invite code">
          <Button
            onClick={() => copy(active.code)}
            endIcon={<ContentCopyIcon />}
            aria-label={`Copy invite code ${active.code}`}
            sx={{ fontSize: "1.5rem", fontFamily: "monospace", letterSpacing: 2, px: 1 }}
          >
            {active.code}
          </Button>
          <Typography sx={{ mt: 1 }}>Created {formatCodeDate(active.dateCreated, timeZone)}</Typography>
          <Typography>Expires {formatCodeDate(active.dateExpires)}</Typography>
          {mayEdit || mayCreate ? (
            <Box sx={{ display: "flex", gap: 1, mt: 2, flexWrap: "wrap" }}>
              {mayEdit ? (
                <Button variant="outlined" onClick={() => setEditing(true)}>
                  Change expiry date
                </Button>
              ) : null}
              {/* Deactivating is part of creating codes (document 1 §6: "create (create and
                  deactivate)"), the permission the server checks. */}
              {mayCreate ? (
                <Button color="error" variant="outlined" onClick={() => setConfirmDeactivate(true)}>
                  Deactivate
                </Button>
              ) : null}
            </Box>
          ) : null}
        </Paper>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {messages.inviteCodeNoActive}
        </Typography>
      )}

      <Typography variant="h3" sx={{ mb: 1 }}>
        Deactivated codes
      </Typography>
      {inactive.length === 0 ? (
        <EmptyState title={messages.inviteCodesEmpty} />
      ) : (
        <TableContainer>
          <Table aria-label="Deactivated codes" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Code</TableCell>
                <TableCell>Date created</TableCell>
                <TableCell>Date deactivated</TableCell>
                <TableCell>Expiration date</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {inactive.map((code) => (
                <TableRow key={code.id}>
                  <TableCell sx={{ fontFamily: "monospace" }}>{code.code}</TableCell>
                  <TableCell>{formatCodeDate(code.dateCreated, timeZone)}</TableCell>
                  <TableCell>{formatCodeDate(code.dateDeactivated, timeZone)}</TableCell>
                  <TableCell>{formatCodeDate(code.dateExpires)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      <ConfirmDialog
        open={pendingDate !== null}
        title="Replace the active code?"
        confirmLabel="Create code"
        onConfirm={() => pendingDate && doCreate(pendingDate)}
        onCancel={() => setPendingDate(null)}
      >
        {messages.inviteCodeReplaceWarning}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmDeactivate}
        title="Deactivate code?"
        confirmLabel="Deactivate"
        destructive
        pending={deactivate.isPending}
        onConfirm={doDeactivate}
        onCancel={() => setConfirmDeactivate(false)}
      >
        {messages.inviteCodeConfirmDeactivate}
      </ConfirmDialog>
      <Drawer
        anchor="right"
        open={editing && active !== null}
        onClose={() => setEditing(false)}
        slotProps={{ paper: { role: "dialog", "aria-labelledby": drawerTitleId } }}
      >
        <Box sx={{ width: { xs: "100vw", sm: 400 }, p: 3 }}>
          <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 2 }}>
            <Typography variant="h2" id={drawerTitleId}>
              Change expiry date
            </Typography>
            <IconButton aria-label="Close" onClick={() => setEditing(false)}>
              <CloseIcon />
            </IconButton>
          </Box>
          {active ? (
            <ExpiryForm
              key={active.id}
              label="New expiry date"
              submitLabel="Save"
              initial={active.dateExpires.slice(0, 10)}
              pending={update.isPending}
              onSubmit={doUpdate}
            />
          ) : null}
        </Box>
      </Drawer>
    </Box>
  );
};
