import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { limits, messages, type outboxMailSchema } from "@openpro/core";
import { useState } from "react";
import type { z } from "zod";
import { EmptyState } from "../../../components/empty-state";
import { ListPagination } from "../../../components/list-pagination";
import { Loading } from "../../../components/loading";
import { formatDateTime } from "../../../lib/format";
import { useOutbox } from "../api";

/** A mail's delivery state in words ("stored": kept here because no mail server is configured). */
type OutboxStatus = z.infer<typeof outboxMailSchema>["status"];

const outboxStatusLabels: Record<OutboxStatus, string> = {
  stored: "Stored",
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
};
export const outboxStatusLabel = (status: OutboxStatus): string => outboxStatusLabels[status];

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
      {/* One card per mail, its status beside its subject: as table columns, Subject and Status sat
          off-screen on a phone, and Status was cut even at 1,440 px by a long link in a mail. */}
      <Box component="ul" aria-label="Outbox e-mails" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {outbox.data.results.map((mail) => (
          <Box
            component="li"
            key={mail.id}
            sx={{ p: 2, borderBottom: 1, borderColor: "divider", minWidth: 0, overflowWrap: "anywhere" }}
          >
            <Box
              sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, justifyContent: "space-between" }}
            >
              <Typography component="h2" sx={{ fontWeight: 600, fontSize: "1rem", m: 0 }}>
                {mail.subject}
              </Typography>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                <Chip size="small" label={outboxStatusLabel(mail.status)} variant="outlined" />
                {mail.sentAt ? (
                  <Typography variant="body2" color="text.secondary">
                    {`Sent ${formatDateTime(mail.sentAt)}`}
                  </Typography>
                ) : null}
              </Box>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {`To ${mail.to} · created ${formatDateTime(mail.createdAt)}`}
            </Typography>
            <Box component="pre" sx={{ whiteSpace: "pre-wrap", fontFamily: "inherit", m: 0, mt: 1 }}>
              {mail.text}
            </Box>
          </Box>
        ))}
      </Box>
      <ListPagination
        count={outbox.data.totalCount}
        page={page}
        perPage={perPage}
        perPageOptions={[10, 25, 50]}
        onChange={(next, size) => {
          setPerPage(size);
          setPage(next);
        }}
      />
    </Paper>
  );
};
