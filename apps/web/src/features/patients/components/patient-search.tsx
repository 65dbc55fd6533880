import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Pagination from "@mui/material/Pagination";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import {
  formatNhsNumber,
  limits,
  messages,
  type PatientSearchRecord,
  patientSearchLink,
  searchStatusLabel,
} from "@openpro/core";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { RouterLink } from "../../../components/router-link";
import { usePatientSearch } from "../api";

const idNumber = (record: PatientSearchRecord) => {
  if (!record.patientId) return "—";
  // The identifier type defaults to NHS.
  return (record.patientIdType ?? "nhs_number") === "nhs_number" ? formatNhsNumber(record.patientId) : record.patientId;
};

/** Search the patients of every program the user may see; ?term= keeps it. */
export const PatientSearch = () => {
  const [params, setParams] = useSearchParams();
  const term = params.get("term") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [input, setInput] = useState(term);
  const [problem, setProblem] = useState<string | null>(null);
  const search = usePatientSearch(term, page);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = input.trim();
    if (value.length < 2) {
      setProblem(messages.searchMinLength);
      return;
    }
    setProblem(null);
    setParams({ term: value });
  };
  const clear = () => {
    setInput("");
    setProblem(null);
    setParams({});
  };
  const total = search.data?.totalCount ?? 0;
  const pages = Math.ceil(total / limits.pageSize.patients);

  return (
    <Box>
      <Box
        component="form"
        role="search"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap", mb: 3 }}
      >
        <TextField
          label="Search patients"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          error={problem !== null}
          helperText={problem ?? "Name, e-mail or ID number"}
          slotProps={{ htmlInput: { maxLength: 256 } }}
          sx={{ mt: 0, minWidth: 280 }}
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>
          Search
        </Button>
        <Button onClick={clear} sx={{ mt: 1 }}>
          Clear
        </Button>
      </Box>
      {term.length < 2 ? null : search.isPending ? (
        <Loading label="Searching" />
      ) : search.isError ? null : search.data.results.length === 0 ? (
        <EmptyState title={messages.noResults} />
      ) : (
        <>
          <TableContainer>
            <Table aria-label="Patients found">
              <TableHead>
                <TableRow>
                  <TableCell>Patient Name</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Program</TableCell>
                  <TableCell>ID number</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {search.data.results.map((record) => (
                  <TableRow key={patientSearchLink(record)} hover>
                    <TableCell>
                      <Link component={RouterLink} to={patientSearchLink(record)}>
                        {`${record.firstName} ${record.lastName}`.trim() || record.inviteEmail}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ overflowWrap: "anywhere" }}>
                      {record.consentedEmail ?? record.inviteEmail}
                    </TableCell>
                    <TableCell>{record.project.name}</TableCell>
                    <TableCell>{idNumber(record)}</TableCell>
                    <TableCell>{searchStatusLabel(record.patientStatus)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {pages > 1 ? (
            <Pagination
              count={pages}
              page={page}
              onChange={(_, next) => setParams({ term, page: String(next) })}
              sx={{ mt: 2 }}
            />
          ) : null}
        </>
      )}
    </Box>
  );
};
