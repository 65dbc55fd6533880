import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Pagination from "@mui/material/Pagination";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { limits, messages, roleLabels } from "@openpro/core";
import { type FormEvent, useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { useUserSearch } from "../api";

/** Search by e-mail (at least 2 characters, "Find user"), results paged by 10. */
export const UserSearch = ({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (userId: string) => void;
}) => {
  const [input, setInput] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [email, setEmail] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const users = useUserSearch(email, page);
  const tooShort = input.trim().length < 2;
  const pageCount = users.data ? Math.ceil(users.data.totalCount / limits.pageSize.users) : 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (tooShort) return;
    setEmail(input.trim());
    setPage(1);
  };

  return (
    <Box>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        role="search"
        aria-label="Find user"
        sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}
      >
        <TextField
          label="Email"
          type="search"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          margin="none"
          sx={{ flex: "1 1 240px" }}
          error={submitted && tooShort}
          helperText={submitted && tooShort ? messages.userSearchMinLength : undefined}
          slotProps={{ htmlInput: { maxLength: limits.text.email } }}
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>
          Find user
        </Button>
      </Box>
      <Box sx={{ mt: 2 }}>
        {email !== null && users.isPending ? <Loading /> : null}
        {users.isError ? <EmptyState title={messages.somethingWentWrong} /> : null}
        {users.data && users.data.results.length === 0 ? <EmptyState title={messages.noResults} /> : null}
        {users.data && users.data.results.length > 0 ? (
          <>
            <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
              {users.data.totalCount} {users.data.totalCount === 1 ? "user" : "users"} found
            </Typography>
            <Paper variant="outlined">
              <List aria-label="Users found" disablePadding>
                {users.data.results.map((u) => (
                  <ListItem key={u.id} disablePadding divider>
                    <ListItemButton
                      selected={u.id === selectedId}
                      aria-current={u.id === selectedId ? "true" : undefined}
                      onClick={() => onSelect(u.id)}
                    >
                      <ListItemText
                        primary={`${u.firstName} ${u.lastName}`.trim() || u.email}
                        secondary={`${u.email}${u.userRole ? ` · ${roleLabels[u.userRole]}` : ""}${
                          u.scope === "patient" ? " · patient" : ""
                        }`}
                        slotProps={{ secondary: { color: "text.secondary", sx: { overflowWrap: "anywhere" } } }}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Paper>
            {pageCount > 1 ? (
              <Box sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
                <Pagination count={pageCount} page={page} onChange={(_, next) => setPage(next)} color="primary" />
              </Box>
            ) : null}
          </>
        ) : null}
      </Box>
    </Box>
  );
};
