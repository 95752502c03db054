/**
 * The office's group filings on the queue page (issue 28) as an island of its own: the queue itself is drawn by the
 * edge (issue 32), the groups come after the page is painted (their own call, their own code).
 */
import { withI18n } from "../../components/with-i18n";
import { GroupsQueue } from "./GroupsQueue";

export default withI18n(() => <GroupsQueue />);
