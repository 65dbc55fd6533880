import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import MenuItem from "@mui/material/MenuItem";
import Pagination from "@mui/material/Pagination";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { limits, messages } from "@openpro/core";
import { EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { RouterLink } from "../../../components/router-link";
import type { Program } from "../../../lib/wire";
import { useOrganisationChoices, usePrograms } from "../api";
import { ClosedBadge } from "./closed-badge";
import { TerritoryFlag } from "./territory-flag";

const ProgramRowContent = ({ program, unavailable }: { program: Program; unavailable: boolean }) => (
  <Box sx={{ display: "flex", alignItems: "flex-start", gap: 2, width: "100%" }}>
    <TerritoryFlag territory={program.territory} />
    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography component="span" sx={{ fontWeight: 600, color: unavailable ? "text.secondary" : "text.primary" }}>
          {program.name}
        </Typography>
        {program.closed ? <ClosedBadge /> : null}
        {!program.canView && !program.closed ? (
          <Typography component="span" variant="body2" color="text.secondary">
            (no access)
          </Typography>
        ) : null}
      </Box>
      {program.description ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {program.description}
        </Typography>
      ) : null}
    </Box>
  </Box>
);

const ProgramRow = ({ program }: { program: Program }) => {
  const unavailable = program.closed || !program.canView;
  return (
    <ListItem disablePadding divider data-testid="program-row">
      {unavailable ? (
        <Box aria-disabled="true" sx={{ px: 2, py: 1.5, width: "100%", bgcolor: "action.hover" }}>
          <ProgramRowContent program={program} unavailable />
        </Box>
      ) : (
        <ListItemButton component={RouterLink} to={`/programs/${program.programId}`}>
          <ProgramRowContent program={program} unavailable={false} />
        </ListItemButton>
      )}
    </ListItem>
  );
};

const groupByOrganisation = (programs: Program[]) => {
  const groups = new Map<string, { name: string; programs: Program[] }>();
  for (const program of programs) {
    const group = groups.get(program.organisationId) ?? { name: program.organisationName, programs: [] };
    group.programs.push(program);
    groups.set(program.organisationId, group);
  }
  return [...groups.entries()].sort(([, a], [, b]) => a.name.localeCompare(b.name));
};

/** Programs paged by 25; grouped by organisation unless one is chosen in the filter. */
export const ProgramList = ({
  organisationId,
  page,
  onOrganisationChange,
  onPageChange,
}: {
  organisationId: string | null;
  page: number;
  onOrganisationChange: (organisationId: string | null) => void;
  onPageChange: (page: number) => void;
}) => {
  const choices = useOrganisationChoices();
  const programs = usePrograms(page, organisationId);
  const total = programs.data?.totalCount ?? 0;
  const pageCount = Math.ceil(total / limits.pageSize.projects);
  const organisationOptions = choices.data?.results ?? [];

  return (
    <>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap", mb: 2 }}>
        <TextField
          select
          label="Organisation"
          value={organisationOptions.some((o) => o.organisationId === organisationId) ? organisationId : ""}
          onChange={(event) => onOrganisationChange(event.target.value || null)}
          margin="none"
          size="small"
          fullWidth={false}
          sx={{ minWidth: 260 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All organisations</MenuItem>
          {organisationOptions.map((o) => (
            <MenuItem key={o.organisationId} value={o.organisationId}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
        {programs.data ? (
          <Typography color="text.secondary" role="status">
            {total} {total === 1 ? "program" : "programs"}
          </Typography>
        ) : null}
      </Box>
      {programs.isPending ? <Loading /> : null}
      {programs.isError ? <EmptyState title={messages.somethingWentWrong} /> : null}
      {programs.data && programs.data.results.length === 0 ? <EmptyState title={messages.noResults} /> : null}
      {programs.data && programs.data.results.length > 0 ? (
        organisationId ? (
          <Paper variant="outlined">
            <List aria-label="Programs" disablePadding>
              {programs.data.results.map((program) => (
                <ProgramRow key={program.programId} program={program} />
              ))}
            </List>
          </Paper>
        ) : (
          groupByOrganisation(programs.data.results).map(([id, group]) => (
            <Box component="section" key={id} aria-labelledby={`org-heading-${id}`} sx={{ mb: 3 }}>
              <Typography variant="h2" id={`org-heading-${id}`} sx={{ mb: 1 }}>
                {group.name}
              </Typography>
              <Paper variant="outlined">
                <List aria-label={`Programs of ${group.name}`} disablePadding>
                  {group.programs.map((program) => (
                    <ProgramRow key={program.programId} program={program} />
                  ))}
                </List>
              </Paper>
            </Box>
          ))
        )
      ) : null}
      {pageCount > 1 ? (
        <Box sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
          <Pagination count={pageCount} page={page} onChange={(_, next) => onPageChange(next)} color="primary" />
        </Box>
      ) : null}
    </>
  );
};
