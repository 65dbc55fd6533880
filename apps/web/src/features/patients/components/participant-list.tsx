import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import HourglassEmptyIcon from "@mui/icons-material/HourglassEmpty";
import VerifiedIcon from "@mui/icons-material/Verified";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import FormControlLabel from "@mui/material/FormControlLabel";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { can, canAddPatients, currentVerification } from "@openpro/core";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { Loading } from "../../../components/loading";
import { formatDay } from "../../../lib/format";
import { readStorage, writeStorage } from "../../../lib/storage-keys";
import {
  type Participant,
  type ParticipantFilter,
  type ParticipantOrderBy,
  type ParticipantSort,
  useParticipantList,
} from "../api";
import { PatientDrawer, type PatientListProps } from "./patient-drawer";

/** localStorage: the participant list's sort, as JSON {orderBy, orderDir}. */
export const participantSortStorageKey = "openpro.participantListSort";
const defaultSort: ParticipantSort = { orderBy: "name", orderDir: "asc" };
const termMax = 256;
/** The spec's infinite-scroll threshold: the sentinel is half visible. */
const scrollThreshold = 0.5;

export const readParticipantSort = (): ParticipantSort => {
  try {
    const raw = JSON.parse(readStorage(participantSortStorageKey) ?? "null") as Partial<ParticipantSort> | null;
    if (
      raw &&
      (raw.orderBy === "name" || raw.orderBy === "severeSymptoms") &&
      (raw.orderDir === "asc" || raw.orderDir === "desc")
    ) {
      return { orderBy: raw.orderBy, orderDir: raw.orderDir };
    }
  } catch {
    // A damaged value falls back to the default.
  }
  return defaultSort;
};

/** A date of birth in the locale's one date format. */
export const formatDob = (value: string | null | undefined): string => formatDay(value);

const severeLabel = (n: number) => `${n} severe symptom${n === 1 ? "" : "s"}`;

/**
 * The program's participants (consented, consent withdrawn, project completed) with filter,
 * sort and infinite scroll; a row opens the patient's area.
 */
export const ParticipantList = ({ program, actor, idTypes }: PatientListProps) => {
  const programId = program.programId;
  const { userId } = useParams();
  const [filter, setFilter] = useState<ParticipantFilter>({ term: "", awaitingVerification: false });
  const [filterOpen, setFilterOpen] = useState(false);
  const [sort, setSort] = useState<ParticipantSort>(readParticipantSort);
  const [adding, setAdding] = useState(false);
  const withCounts = can(actor, "view_project_users_symptom_counts");
  const list = useParticipantList(programId, filter, sort, withCounts);
  const mayAdd = canAddPatients(program, can(actor, "invite_project_users"));
  const sentinel = useRef<HTMLLIElement | null>(null);
  const headingId = useId();

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      },
      { threshold: scrollThreshold },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const chooseSort = (orderBy: ParticipantOrderBy) => {
    setSort((current) => {
      const next: ParticipantSort =
        current.orderBy === orderBy
          ? { orderBy, orderDir: current.orderDir === "asc" ? "desc" : "asc" }
          : // A nurse sorts by severe symptoms to see the most severe first.
            { orderBy, orderDir: orderBy === "severeSymptoms" ? "desc" : "asc" };
      writeStorage(participantSortStorageKey, JSON.stringify(next));
      return next;
    });
  };

  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  const total = list.data?.pages[0]?.totalCount ?? 0;

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}>
        <Typography variant="h2" id={headingId}>
          Participants
        </Typography>
        {mayAdd ? (
          <Button variant="contained" size="small" onClick={() => setAdding(true)}>
            Add new patient
          </Button>
        ) : null}
      </Box>

      <Box sx={{ mt: 1 }}>
        <Button size="small" aria-expanded={filterOpen} onClick={() => setFilterOpen((open) => !open)}>
          Filter patients
        </Button>
        {filterOpen ? (
          <FilterPanel
            key={JSON.stringify(filter)}
            initial={filter}
            showVerification={!program.isPrivate}
            onApply={(next) => {
              setFilter(next);
              setFilterOpen(false);
            }}
            onCancel={() => setFilterOpen(false)}
          />
        ) : null}
        <AppliedFilters filter={filter} onChange={setFilter} />
      </Box>

      <Box
        role="group"
        aria-label="Sort participants"
        sx={{ display: "flex", justifyContent: "space-between", borderBottom: 1, borderColor: "divider", mt: 1 }}
      >
        <SortButton label="Name" column="name" sort={sort} onClick={chooseSort} />
        {withCounts ? (
          <SortButton label="Severe symptoms" column="severeSymptoms" sort={sort} onClick={chooseSort} />
        ) : null}
      </Box>

      {list.isPending ? (
        <Loading label="Loading participants" />
      ) : list.isError ? null : rows.length === 0 ? (
        <Typography sx={{ py: 2 }} role="status">
          No patients found
        </Typography>
      ) : (
        <>
          <Typography className="visually-hidden" role="status">
            {`${total} participant${total === 1 ? "" : "s"}`}
          </Typography>
          <List dense aria-label="Participants list" sx={{ maxHeight: { md: "70vh" }, overflowY: "auto" }}>
            {rows.map((p) => (
              <ParticipantRow
                key={p.id}
                participant={p}
                programId={programId}
                selected={p.id === userId}
                showCounts={withCounts}
                showVerification={!program.isPrivate}
              />
            ))}
            <li ref={sentinel} aria-hidden="true" style={{ height: 1 }} />
          </List>
          {isFetchingNextPage ? <CircularProgress size={20} aria-label="Loading more participants" /> : null}
          {hasNextPage && !isFetchingNextPage ? (
            <Button size="small" onClick={() => void fetchNextPage()}>
              Load more patients
            </Button>
          ) : null}
        </>
      )}

      <PatientDrawer
        programId={programId}
        territory={program.territory}
        patient={null}
        idTypes={idTypes}
        open={adding}
        onClose={() => setAdding(false)}
      />
    </Paper>
  );
};

const SortButton = ({
  label,
  column,
  sort,
  onClick,
}: {
  label: string;
  column: ParticipantOrderBy;
  sort: ParticipantSort;
  onClick: (column: ParticipantOrderBy) => void;
}) => {
  const active = sort.orderBy === column;
  const direction = sort.orderDir === "asc" ? "ascending" : "descending";
  return (
    <Button
      size="small"
      color="inherit"
      onClick={() => onClick(column)}
      aria-pressed={active}
      aria-label={active ? `Sort by ${label}, ${direction}` : `Sort by ${label}`}
      endIcon={
        active ? (
          sort.orderDir === "asc" ? (
            <ArrowUpwardIcon fontSize="small" />
          ) : (
            <ArrowDownwardIcon fontSize="small" />
          )
        ) : undefined
      }
    >
      {label}
    </Button>
  );
};

const FilterPanel = ({
  initial,
  showVerification,
  onApply,
  onCancel,
}: {
  initial: ParticipantFilter;
  showVerification: boolean;
  onApply: (filter: ParticipantFilter) => void;
  onCancel: () => void;
}) => {
  const [term, setTerm] = useState(initial.term);
  const [awaiting, setAwaiting] = useState(initial.awaitingVerification);
  return (
    <Box
      component="form"
      aria-label="Filter patients"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ term: term.trim(), awaitingVerification: showVerification && awaiting });
      }}
      sx={{
        display: "flex",
        flexDirection: "column",
        gap: 1,
        p: 1,
        border: 1,
        borderColor: "divider",
        borderRadius: 1,
      }}
    >
      <TextField
        label="Name or e-mail"
        size="small"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        slotProps={{ htmlInput: { maxLength: termMax } }}
      />
      {showVerification ? (
        <FormControlLabel
          control={<Checkbox checked={awaiting} onChange={(event) => setAwaiting(event.target.checked)} />}
          label="Awaiting verification"
        />
      ) : null}
      <Box sx={{ display: "flex", gap: 1 }}>
        <Button type="submit" variant="contained" size="small">
          Apply filter
        </Button>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
};

const AppliedFilters = ({
  filter,
  onChange,
}: {
  filter: ParticipantFilter;
  onChange: (filter: ParticipantFilter) => void;
}) => {
  if (!filter.term && !filter.awaitingVerification) return null;
  return (
    <Box role="group" aria-label="Applied filters" sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 1 }}>
      {filter.term ? (
        <Chip
          size="small"
          label={`Search: ${filter.term}`}
          onDelete={() => onChange({ ...filter, term: "" })}
          slotProps={{ root: { "aria-label": `Search: ${filter.term}. Press Delete or Backspace to remove` } }}
        />
      ) : null}
      {filter.awaitingVerification ? (
        <Chip
          size="small"
          label="Awaiting verification"
          onDelete={() => onChange({ ...filter, awaitingVerification: false })}
        />
      ) : null}
    </Box>
  );
};

const ParticipantRow = ({
  participant: p,
  programId,
  selected,
  showCounts,
  showVerification,
}: {
  participant: Participant;
  programId: string;
  selected: boolean;
  showCounts: boolean;
  showVerification: boolean;
}) => {
  const withdrawn = p.status === "CONSENT_WITHDRAWN";
  const verification = p.verificationStatusHistory.length
    ? currentVerification(p.verificationStatusHistory)
    : p.verificationStatus;
  const severe = p.severeSymptomsCount ?? 0;
  return (
    <li>
      <ListItemButton
        component={Link}
        to={`/programs/${programId}/participants/${p.id}`}
        selected={selected}
        aria-current={selected ? "page" : undefined}
        sx={{ display: "block" }}
      >
        {/* Name, date of birth and the red labels one above the other: side by side in the 320 px
            column the labels squeezed the name to one word per line and covered the surname. */}
        <Box sx={{ minWidth: 0, overflowWrap: "break-word" }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {p.lastName}
          </Typography>
          <Typography component="span">{`, ${p.firstName}`}</Typography>
          {showVerification && verification === "AWAITING_VERIFICATION" ? (
            <HourglassEmptyIcon
              fontSize="inherit"
              color="warning"
              titleAccess="Awaiting verification"
              sx={{ ml: 0.5, verticalAlign: "middle" }}
            />
          ) : showVerification && verification === "VERIFIED" ? (
            <VerifiedIcon
              fontSize="inherit"
              color="success"
              titleAccess="Verified"
              sx={{ ml: 0.5, verticalAlign: "middle" }}
            />
          ) : null}
          {withdrawn ? (
            <Typography component="span" color="text.secondary">
              {" (withdrawn)"}
            </Typography>
          ) : null}
          {p.dob ? (
            <Typography variant="body2" color="text.secondary">
              {`Date of birth: ${formatDob(p.dob)}`}
            </Typography>
          ) : null}
        </Box>
        {(showCounts && !withdrawn && severe > 0) || p.openAlertCount ? (
          <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 1.5 }}>
            {showCounts && !withdrawn && severe > 0 ? (
              <Typography variant="body2" sx={{ color: "error.main", fontWeight: 600, whiteSpace: "nowrap" }}>
                {severeLabel(severe)}
              </Typography>
            ) : null}
            {p.openAlertCount ? (
              <Typography variant="body2" sx={{ color: "warning.dark", fontWeight: 600, whiteSpace: "nowrap" }}>
                {`${p.openAlertCount} open alert${p.openAlertCount === 1 ? "" : "s"}`}
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </ListItemButton>
    </li>
  );
};
