import Typography from "@mui/material/Typography";
import { useNavigate, useSearchParams } from "react-router";
import { PageTitle } from "../components/page-title";
import { TextLink } from "../components/router-link";
import { ConfirmCodeForm } from "../features/auth/components/confirm-code-form";

export const ConfirmCodePage = () => {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (
    <>
      <PageTitle>Enter your reset code</PageTitle>
      <Typography color="text.secondary" sx={{ mt: -2 }}>
        Enter your e-mail address and the 8-character reset code you received.
      </Typography>
      <ConfirmCodeForm
        defaultEmail={search.get("email") ?? undefined}
        onConfirmed={({ email, resetCode }) => navigate(`/new-password?${new URLSearchParams({ resetCode, email })}`)}
      />
      <Typography sx={{ mt: 3 }}>
        <TextLink to="/reset-password">Request a new code</TextLink>
      </Typography>
    </>
  );
};
