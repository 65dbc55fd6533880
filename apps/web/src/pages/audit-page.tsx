import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { auditLimits, messages, shellRules } from "@openpro/core";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { PageTitle } from "../components/page-title";
import type { AuditFilterValues } from "../features/audit/api";
import { AuditSearch } from "../features/audit/components/audit-search";
import { useSession } from "../lib/session-context";

const filterKeys = ["patient", "patientId", "actor", "actorId", "action", "outcome", "from", "to", "ip", "projectId"];

/**
 * /audit: who saw or changed what. Admins search every entry; program admins (view_audit_log) the
 * entries of their programs — the server decides. The filters live in the address, so a search can
 * be bookmarked or shared.
 */
export const AuditPage = () => {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => {
    const values: Record<string, string> = {};
    for (const key of filterKeys) {
      const value = params.get(key);
      if (value) values[key] = value;
    }
    return values as AuditFilterValues;
  }, [params]);
  const page = Math.max(1, Number(params.get("page")) || 1);
  const perPage = Number(params.get("perPage")) || auditLimits.pageSize;

  if (!shellRules.canOpenAudit(user)) {
    return (
      <>
        <PageTitle>Audit log</PageTitle>
        <Alert severity="warning">{messages.forbidden}</Alert>
      </>
    );
  }
  const go = (next: AuditFilterValues, nextPage: number, nextPerPage: number) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) search.set(key, String(value));
    if (nextPage > 1) search.set("page", String(nextPage));
    if (nextPerPage !== auditLimits.pageSize) search.set("perPage", String(nextPerPage));
    setParams(search);
  };
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <Typography color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        Who opened or changed what, when and from where, newest first. Dates are whole days in UTC. Every search and
        export here is itself recorded.
      </Typography>
      <AuditSearch
        filter={filter}
        page={page}
        perPage={perPage}
        onSearch={(next) => go(next, 1, perPage)}
        onPage={(nextPage, nextPerPage) => go(filter, nextPage, nextPerPage)}
      />
    </>
  );
};
