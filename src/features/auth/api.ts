/** The own-account and registration calls of the auth feature (sign-in and sign-out are session.store.ts actions). */
import type {
  AgentRecord, CurrentUserResponse, RegisterAgentInput, UpdateAgentInput, UpdateUserInput, UserRecord,
} from "../../contract/auth";
import { api } from "../../lib/api";

/** POST agents/create (public): the agency applies; the account starts disabled until an admin enables it. */
export const registerAgency = (input: RegisterAgentInput) => api.post<AgentRecord>("agents/create", input);

/** GET agents/currentAgentData: the agency's own record (with balance and currency for an agency). */
export const fetchCurrentAgent = () => api.get<AgentRecord>("agents/currentAgentData");

/** PATCH agents: profile and/or password (a new password needs the current one). */
export const updateAgent = (input: UpdateAgentInput) => api.patch<AgentRecord>("agents", input);

/** GET Users/currentUserData: a staff member and their agency (without money). */
export const fetchCurrentUser = () => api.get<CurrentUserResponse>("Users/currentUserData");

/** PATCH Users: a staff member's own profile and/or password. */
export const updateUser = (input: UpdateUserInput) => api.patch<UserRecord>("Users", input);
