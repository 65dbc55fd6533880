import AddIcon from "@mui/icons-material/Add";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { shellRules } from "@openpro/core";
import { useSearchParams } from "react-router";
import { PageTitle } from "../components/page-title";
import { RouterLink } from "../components/router-link";
import { ProgramList } from "../features/programs/components/program-list";
import { useSession } from "../lib/session-context";

/** /programs?organisationId=&page= : the filter and page live in the address, so Back restores them. */
export const ProgramsPage = () => {
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const organisationId = search.get("organisationId");
  const page = Math.max(1, Number(search.get("page")) || 1);
  const update = (next: { organisationId?: string | null; page?: number }) => {
    const params = new URLSearchParams(search);
    if (next.organisationId !== undefined) {
      if (next.organisationId) params.set("organisationId", next.organisationId);
      else params.delete("organisationId");
      params.delete("page");
    }
    if (next.page !== undefined) {
      if (next.page > 1) params.set("page", String(next.page));
      else params.delete("page");
    }
    setSearch(params, { replace: true });
  };
  const createTo = organisationId
    ? `/programs/create?${new URLSearchParams({ organisationId }).toString()}`
    : "/programs/create";

  return (
    <>
      <Box
        sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 2, flexWrap: "wrap" }}
      >
        <PageTitle>Programs</PageTitle>
        {shellRules.showCreateProgram(user) ? (
          <Button component={RouterLink} to={createTo} variant="contained" startIcon={<AddIcon />}>
            Create new program
          </Button>
        ) : null}
      </Box>
      <ProgramList
        organisationId={organisationId}
        page={page}
        onOrganisationChange={(id) => update({ organisationId: id })}
        onPageChange={(next) => update({ page: next })}
      />
    </>
  );
};
