import AddIcon from "@mui/icons-material/Add";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import {
  type CareTeamContact,
  type CareTeamContactInput,
  careTeamContactBodyIn,
  formatPhoneForTerritory,
  limits,
  messages,
  type PatientLanguage,
  type Territory,
  territoryLanguages,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { type ComponentProps, useId, useRef, useState } from "react";
import type { Path, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { Loading } from "../../../components/loading";
import { staffLanguageName } from "../../../lib/format";
import { applyFieldErrors, errorMessageAt } from "../../../lib/forms";
import type { Program } from "../../../lib/wire";
import { careTeamErrorText, useCareTeamContacts, useDeleteCareTeamContact, useSaveCareTeamContact } from "../api";

type Values = CareTeamContactInput;
type Output = z.output<ReturnType<typeof careTeamContactBodyIn>>;
type ContactForm = UseFormReturn<Values, unknown, Output>;
type RowsField = "contactPhones" | "contactEmails";

const { maxContacts, maxPhones, maxEmails } = limits.careTeam;
const textMax = limits.text.careTeamText;

const emptyContact: Values = {
  careTeamName: "",
  generalGuidance: "",
  hoursOfOperation: "",
  contactPhones: [""],
  contactEmails: [""],
};

/**
 * One of a contact's longer texts (the guidance, its translations, the hours): full width, two lines or `minRows` to
 * start with, at most the care team text's length.
 */
const LongTextField = ({
  minRows = 2,
  ...props
}: Omit<ComponentProps<typeof FormTextField<Values, Output>>, "multiline" | "fullWidth" | "slotProps">) => (
  <FormTextField {...props} multiline minRows={minRows} fullWidth slotProps={{ htmlInput: { maxLength: textMax } }} />
);

/** A number as the program's staff dial it, for the phone rows' hint. */
const phoneExamples: Record<Territory, string> = {
  UK_IRE: "0113 206 8000",
  US: "(212) 555-0123",
  CH: "044 668 18 00",
};

/** The territory's languages besides its default (the first), in which the guidance may be given too (issue 31 §3). */
const otherLanguages = (territory: Territory): PatientLanguage[] => territoryLanguages[territory].slice(1);
/** The guidance per language as the form holds it (every other language, blank when none); none in a one-language territory. */
const translationsOf = (territory: Territory, given: Partial<Record<PatientLanguage, string>> = {}) =>
  otherLanguages(territory).length === 0
    ? {}
    : {
        generalGuidanceTranslations: Object.fromEntries(
          otherLanguages(territory).map((language) => [language, given[language] ?? ""]),
        ),
      };

/** The saved contact as the form shows it: numbers stored in E.164 read back as the territory dials them. */
const valuesOf = (contact: CareTeamContact, territory: Territory): Values => ({
  careTeamName: contact.careTeamName,
  generalGuidance: contact.generalGuidance,
  ...translationsOf(territory, contact.generalGuidanceTranslations),
  hoursOfOperation: contact.hoursOfOperation,
  contactPhones: contact.contactPhones.map((phone) => formatPhoneForTerritory(phone, territory)),
  contactEmails: contact.contactEmails,
});

const serverFields: Path<Values>[] = [
  "careTeamName",
  "generalGuidance",
  "hoursOfOperation",
  "contactPhones",
  "contactEmails",
  ...Array.from({ length: maxPhones }, (_, i) => `contactPhones.${i}` as const),
  ...Array.from({ length: maxEmails }, (_, i) => `contactEmails.${i}` as const),
];

/** Up to `max` phone or e-mail rows, each removable; blank rows are dropped when saving. */
const ContactRows = ({
  form,
  name,
  max,
  label,
  addLabel,
  type,
  disabled,
  hint,
}: {
  form: ContactForm;
  name: RowsField;
  max: number;
  label: string;
  addLabel: string;
  type: "tel" | "email";
  disabled: boolean;
  hint?: string;
}) => {
  const rows = form.watch(name) ?? [];
  // Once submitted, <Form> validates the whole form again after the rows change.
  const setRows = (next: string[]) => form.setValue(name, next, { shouldDirty: true });
  return (
    <Box>
      {rows.map((_, i) => (
        // Rows have no identity of their own: the position is the row.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Box key={i} sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}>
          <FormTextField
            control={form.control}
            name={`${name}.${i}`}
            label={`${label} ${i + 1}`}
            type={type}
            autoComplete="off"
            disabled={disabled}
            slotProps={{ htmlInput: { maxLength: limits.text.email, ...(type === "tel" ? { inputMode: "tel" } : {}) } }}
            helperText={hint}
            sx={{ flexGrow: 1 }}
          />
          <IconButton
            aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}
            onClick={() => setRows(rows.filter((__, j) => j !== i))}
            disabled={disabled}
            sx={{ mt: 2.5 }}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        </Box>
      ))}
      {rows.length < max ? (
        <Button startIcon={<AddIcon />} onClick={() => setRows([...rows, ""])} disabled={disabled} sx={{ mt: 1 }}>
          {addLabel}
        </Button>
      ) : null}
    </Box>
  );
};

/** One contact card: a form of its own with Save and Delete. */
const ContactCard = ({
  programId,
  territory,
  contact,
  position,
  onSaved,
  onDiscard,
}: {
  programId: string;
  territory: Territory;
  /** Absent for a card not saved yet. */
  contact?: CareTeamContact;
  position: number;
  onSaved?: () => void;
  onDiscard?: () => void;
}) => {
  const headingId = useId();
  const methodsErrorId = useId();
  const save = useSaveCareTeamContact(programId);
  const remove = useDeleteCareTeamContact(programId);
  const [confirming, setConfirming] = useState(false);
  // The server's rule for the program's territory: national numbers accepted, sent in E.164.
  const form: ContactForm = useSchemaForm(
    careTeamContactBodyIn(territory),
    contact ? valuesOf(contact, territory) : { ...emptyContact, ...translationsOf(territory) },
  );
  const pending = save.isPending || remove.isPending;
  const methodsMessage = errorMessageAt(form.formState.errors, "contactPhones");

  const onSubmit = (body: Output) =>
    save.mutateAsync({ contactId: contact?.id, body }).then(
      (saved) => {
        enqueueSnackbar(messages.changesSaved, { variant: "success" });
        if (contact) form.reset(valuesOf(saved, territory));
        else onSaved?.();
      },
      (error: unknown) => {
        applyFieldErrors(error, form.setError, serverFields);
        enqueueSnackbar(careTeamErrorText(error, "save"), { variant: "error" });
      },
    );

  const onDelete = () => {
    if (!contact) {
      // Nothing was saved yet: the card goes away, and the spec's message says there was no
      // contact to delete (document 3: "Deleting without a contact id").
      onDiscard?.();
      enqueueSnackbar(messages.careTeamContactMissing, { variant: "info" });
      return;
    }
    setConfirming(true);
  };
  const doDelete = () => {
    if (!contact) return;
    remove.mutate(contact.id, {
      onSuccess: () => enqueueSnackbar(messages.changesSaved, { variant: "success" }),
      onError: (error) => enqueueSnackbar(careTeamErrorText(error, "delete"), { variant: "error" }),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId}>
        <Typography variant="h3" id={headingId} sx={{ mb: 1 }}>
          {contact ? contact.careTeamName : `New contact ${position}`}
        </Typography>
        <FormTextField
          control={form.control}
          name="careTeamName"
          label="Name"
          required
          fullWidth
          disabled={pending}
          slotProps={{ htmlInput: { maxLength: limits.text.careTeamName } }}
        />
        <LongTextField
          control={form.control}
          name="generalGuidance"
          label="General guidance"
          minRows={3}
          disabled={pending}
        />
        {otherLanguages(territory).map((language) => (
          <LongTextField
            key={language}
            control={form.control}
            name={`generalGuidanceTranslations.${language}`}
            label={`General guidance in ${staffLanguageName(language)}`}
            helperText={`Patients reading ${staffLanguageName(language)} see this; left empty, they see the guidance above, marked as ${staffLanguageName(territoryLanguages[territory][0]!)}`}
            lang={language}
            disabled={pending}
          />
        ))}
        <LongTextField control={form.control} name="hoursOfOperation" label="Hours of operation" disabled={pending} />
        <Box
          component="fieldset"
          aria-describedby={methodsMessage ? methodsErrorId : undefined}
          sx={{ border: 0, p: 0, m: 0, mt: 2 }}
        >
          <Typography component="legend" variant="subtitle1">
            Contact methods
          </Typography>
          <Stack direction={{ xs: "column", md: "row" }} spacing={{ xs: 1, md: 3 }}>
            <Box sx={{ flex: 1 }}>
              <ContactRows
                form={form}
                name="contactPhones"
                max={maxPhones}
                label="Phone number"
                addLabel="Add phone number"
                type="tel"
                disabled={pending}
                hint={`As you dial it, e.g. ${phoneExamples[territory]}, or with + and the country code`}
              />
            </Box>
            <Box sx={{ flex: 1 }}>
              <ContactRows
                form={form}
                name="contactEmails"
                max={maxEmails}
                label="Email address"
                addLabel="Add email address"
                type="email"
                disabled={pending}
              />
            </Box>
          </Stack>
          {methodsMessage ? (
            <FormHelperText error id={methodsErrorId}>
              {methodsMessage}
            </FormHelperText>
          ) : null}
        </Box>
        <Box sx={{ display: "flex", gap: 1, mt: 2, justifyContent: "flex-end" }}>
          <Button color="error" variant="outlined" onClick={onDelete} disabled={pending}>
            Delete
          </Button>
          <FormSubmitButton pending={pending}>Save</FormSubmitButton>
        </Box>
      </Form>
      <ConfirmDialog
        open={confirming}
        title="Delete contact?"
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setConfirming(false)}
      >
        {messages.careTeamConfirmDelete}
      </ConfirmDialog>
    </Paper>
  );
};

/** The Care Team Information tab: up to five contacts patients can reach. */
export const CareTeamContacts = ({ program }: { program: Program }) => {
  const programId = program.programId;
  const contacts = useCareTeamContacts(programId);
  const [drafts, setDrafts] = useState<number[]>([]);
  const nextDraft = useRef(1);

  if (contacts.isPending) return <Loading label="Loading care team contacts" />;
  if (contacts.isError) return <Alert severity="error">{careTeamErrorText(contacts.error, "save")}</Alert>;
  const saved = contacts.data;
  const withoutDraft = (key: number) => setDrafts((current) => current.filter((d) => d !== key));

  return (
    <Box>
      <Typography variant="h2" sx={{ mb: 1 }}>
        Care team information
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Patients see these contacts in the app. Add up to {maxContacts}, each with at least one phone number or email
        address.
      </Typography>
      <Stack spacing={2}>
        {saved.map((contact, i) => (
          <ContactCard
            key={contact.id}
            programId={programId}
            territory={program.territory}
            contact={contact}
            position={i + 1}
          />
        ))}
        {drafts.map((key, i) => (
          <ContactCard
            key={`draft-${key}`}
            programId={programId}
            territory={program.territory}
            position={saved.length + i + 1}
            onSaved={() => withoutDraft(key)}
            onDiscard={() => withoutDraft(key)}
          />
        ))}
      </Stack>
      {saved.length + drafts.length < maxContacts ? (
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          sx={{ mt: 2 }}
          onClick={() => {
            const key = nextDraft.current++;
            setDrafts((current) => [...current, key]);
          }}
        >
          Add contact
        </Button>
      ) : null}
    </Box>
  );
};
