import Typography from "@mui/material/Typography";
import { messages } from "@openpro/core";
import { PageTitle } from "../components/page-title";
import { TextLink } from "../components/router-link";

export const NotFoundPage = () => (
  <>
    <PageTitle title="Page not found">{messages.pageNotFound}</PageTitle>
    <Typography component="p" sx={{ mb: 2 }}>
      This page does not exist.
    </Typography>
    <TextLink to="/">Go to the home page</TextLink>
  </>
);
