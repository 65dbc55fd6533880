import EmailIcon from "@mui/icons-material/Email";
import PhoneIcon from "@mui/icons-material/Phone";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { PatientCareTeamContact } from "@openpro/core";
import { otherLanguageMark, t } from "../../lib/patient-text";
import { touch } from "./me-layout";

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** A big tap-to-call button; `onColour` draws it white, to stand on a red alert. */
export const PhoneLink = ({ phone, label, onColour = false }: { phone: string; label: string; onColour?: boolean }) => (
  <Button
    href={telHref(phone)}
    variant="contained"
    color="error"
    size="large"
    startIcon={<PhoneIcon />}
    sx={{
      ...touch,
      justifyContent: "flex-start",
      textAlign: "left",
      ...(onColour ? { bgcolor: "common.white", color: "error.dark", "&:hover": { bgcolor: "grey.100" } } : {}),
    }}
    fullWidth
  >
    {label}
  </Button>
);

/** Each contact with tap-to-call and tap-to-write buttons. */
export const CareTeamContacts = ({ careTeam }: { careTeam: PatientCareTeamContact[] }) => (
  <Box component="section" aria-labelledby="me-care-team" sx={{ mb: 3 }}>
    <Typography id="me-care-team" variant="h2" sx={{ fontSize: "1.35rem", mb: 1.5 }}>
      {t("careTeamTitle")}
    </Typography>
    {careTeam.length === 0 ? <Typography>{t("noCareTeam")}</Typography> : null}
    <Box sx={{ display: "grid", gap: 2 }}>
      {careTeam.map((contact) => (
        <Paper key={contact.id} variant="outlined" sx={{ p: 2, display: "grid", gap: 1 }}>
          <Typography variant="h3" sx={{ fontSize: "1.1rem", fontWeight: 600 }}>
            {contact.careTeamName}
          </Typography>
          {contact.hoursOfOperation ? (
            <Typography>{t("careTeamHours", { hours: contact.hoursOfOperation })}</Typography>
          ) : null}
          {contact.generalGuidance ? (
            // In the patient's language, else the program's default language's, marked (issue 31 §3).
            <Typography color="text.secondary" lang={contact.generalGuidanceLanguage}>
              {contact.generalGuidance}
              {otherLanguageMark(contact.generalGuidanceLanguage) ? (
                <> {otherLanguageMark(contact.generalGuidanceLanguage)}</>
              ) : null}
            </Typography>
          ) : null}
          {contact.contactPhones.map((phone) => (
            <Button
              key={phone}
              href={telHref(phone)}
              variant="outlined"
              startIcon={<PhoneIcon />}
              sx={{ ...touch, justifyContent: "flex-start" }}
              aria-label={t("callCareTeam", { name: contact.careTeamName, phone })}
            >
              {phone}
            </Button>
          ))}
          {contact.contactEmails.map((address) => (
            <Button
              key={address}
              href={`mailto:${address}`}
              variant="outlined"
              startIcon={<EmailIcon />}
              sx={{
                ...touch,
                justifyContent: "flex-start",
                textTransform: "none",
                overflowWrap: "anywhere",
                textAlign: "left",
              }}
              aria-label={t("emailCareTeam", { name: contact.careTeamName, address })}
            >
              {address}
            </Button>
          ))}
        </Paper>
      ))}
    </Box>
  </Box>
);
