import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import InputAdornment from "@mui/material/InputAdornment";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Pagination from "@mui/material/Pagination";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Toolbar from "@mui/material/Toolbar";
import { limits, messages } from "@openpro/core";
import { useEffect, useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { RouterLink, TextLink } from "../../../components/router-link";
import { useOrganisations } from "../api";

const searchDebounceMs = 400;

/** The organisations empty state, its "click here" part linking to the create screen. */
const OrganisationsEmpty = ({ canCreate }: { canCreate: boolean }) => {
  const [before, after] = messages.organisationsEmpty.split("click here");
  if (!canCreate || after === undefined) return <EmptyState title={messages.organisationsEmpty} />;
  return (
    <EmptyState
      title={
        <>
          {before}
          <TextLink to="/organisations/create">click here</TextLink>
          {after}
        </>
      }
    />
  );
};

/** Search (debounced, lowercased by the api), the list paged by 25, and the empty state. */
export const OrganisationList = ({ canCreate }: { canCreate: boolean }) => {
  const [input, setInput] = useState("");
  const [term, setTerm] = useState("");
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setTerm(input.trim());
      setPage(1);
    }, searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [input]);
  const organisations = useOrganisations(page, term);
  const pageCount = organisations.data ? Math.ceil(organisations.data.totalCount / limits.pageSize.organisations) : 0;

  return (
    <>
      <Toolbar
        component="nav"
        aria-label="Organisations"
        disableGutters
        sx={{ gap: 2, flexWrap: "wrap", justifyContent: "space-between", mb: 2 }}
      >
        <TextField
          label="Search organisations"
          type="search"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          margin="none"
          size="small"
          sx={{ maxWidth: 360 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden="true" />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: limits.text.organisationName },
          }}
        />
        {canCreate ? (
          <Link component={RouterLink} to="/organisations/create" sx={{ fontWeight: 600 }}>
            Create new organisation
          </Link>
        ) : null}
      </Toolbar>
      {organisations.isPending ? <Loading /> : null}
      {organisations.isError ? <EmptyState title={messages.somethingWentWrong} /> : null}
      {organisations.data && organisations.data.totalCount === 0 ? (
        term ? (
          <EmptyState title={messages.noResults} />
        ) : (
          <OrganisationsEmpty canCreate={canCreate} />
        )
      ) : null}
      {organisations.data && organisations.data.results.length > 0 ? (
        <Paper variant="outlined">
          <List aria-label="Organisations" disablePadding>
            {organisations.data.results.map((organisation) => (
              <ListItem key={organisation.organisationId} disablePadding divider>
                <ListItemButton component={RouterLink} to={`/organisations/${organisation.organisationId}`}>
                  <ListItemText
                    primary={organisation.name}
                    secondary={`${organisation.programCount} ${organisation.programCount === 1 ? "program" : "programs"}${
                      organisation.description ? ` · ${organisation.description}` : ""
                    }`}
                    slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { color: "text.secondary" } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : null}
      {pageCount > 1 ? (
        <Box sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
          <Pagination
            count={pageCount}
            page={page}
            onChange={(_, next) => setPage(next)}
            color="primary"
            getItemAriaLabel={(type, item, selected) =>
              type === "page" ? `${selected ? "" : "Go to "}page ${item}` : `Go to ${type} page`
            }
          />
        </Box>
      ) : null}
    </>
  );
};
