import Alert from "@mui/material/Alert";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import TextField from "@mui/material/TextField";
import { messages } from "@openpro/core";
import { useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { RouterLink } from "../../../components/router-link";
import { useOrganisations } from "../api";

/**
 * Choose an organisation by name: each found one is a link built by `hrefOf` (the first 25;
 * typing narrows the list).
 */
export const OrganisationPicker = ({
  hrefOf,
  label,
}: {
  hrefOf: (organisationId: string) => string;
  label: string;
}) => {
  const [term, setTerm] = useState("");
  const organisations = useOrganisations(1, term);
  return (
    <>
      <TextField
        label={label}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        size="small"
        sx={{ mb: 1, minWidth: 320 }}
      />
      {organisations.isPending ? (
        <Loading label="Loading organisations" />
      ) : organisations.isError ? (
        <Alert severity="error">{messages.somethingWentWrong}</Alert>
      ) : (organisations.data?.results.length ?? 0) === 0 ? (
        <EmptyState title={messages.noOrganisationFound} />
      ) : (
        <List aria-label="Organisations" sx={{ maxWidth: 480 }}>
          {organisations.data?.results.map((organisation) => (
            <ListItem key={organisation.organisationId} disablePadding>
              <ListItemButton component={RouterLink} to={hrefOf(organisation.organisationId)}>
                <ListItemText primary={organisation.name} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
};
