import {
  Box,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from "@mui/material";
import { limits, messages } from "@openpro/core";
import { useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { formatDateTime } from "../../../lib/format";
import { useOutbox } from "../api";

/** The stored e-mails, newest first as the server sends them, with their full text (one-time codes for demos). */
export const OutboxList = () => {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(limits.pageSize.projects);
  const outbox = useOutbox(page, perPage);

  if (outbox.isPending) return <Loading />;
  if (outbox.isError) return <EmptyState title={messages.somethingWentWrong} />;
  if (outbox.data.totalCount === 0) return <EmptyState title="The outbox is empty." />;

  return (
    <Paper variant="outlined">
      {/* A wide mail scrolls sideways: the region takes focus so that a keyboard can scroll it. */}
      <TableContainer tabIndex={0} role="region" aria-label="Outbox e-mails">
        <Table aria-label="Outbox e-mails">
          <TableHead>
            <TableRow>
              <TableCell scope="col">Created</TableCell>
              <TableCell scope="col">To</TableCell>
              <TableCell scope="col">Subject and text</TableCell>
              <TableCell scope="col">Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {outbox.data.results.map((mail) => (
              <TableRow key={mail.id} sx={{ verticalAlign: "top" }}>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(mail.createdAt)}</TableCell>
                <TableCell>{mail.to}</TableCell>
                <TableCell>
                  <Typography component="p" sx={{ fontWeight: 600 }}>
                    {mail.subject}
                  </Typography>
                  <Box component="pre" sx={{ whiteSpace: "pre-wrap", fontFamily: "inherit", m: 0, mt: 1 }}>
                    {mail.text}
                  </Box>
                </TableCell>
                <TableCell>
                  <Chip size="small" label={mail.status} variant="outlined" />
                  {mail.sentAt ? (
                    <Typography variant="body2" color="text.secondary">
                      {formatDateTime(mail.sentAt)}
                    </Typography>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={outbox.data.totalCount}
        page={page - 1}
        onPageChange={(_, next) => setPage(next + 1)}
        rowsPerPage={perPage}
        rowsPerPageOptions={[10, 25, 50]}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(1);
        }}
      />
    </Paper>
  );
};
