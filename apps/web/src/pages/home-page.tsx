import { shellRules } from "@openpro/core";
import { Navigate } from "react-router";
import { useSession } from "../lib/session-context";

/** "/" sends users who may view users to /users, everyone else to /programs. */
export const HomePage = () => {
  const { user } = useSession();
  return <Navigate to={shellRules.homeRoute(user)} replace />;
};
