// Component tests share two cores with the worker and browser tests in CI: a lazily loaded dialog may take longer
// than testing-library's default 1 s to appear, which is load, not a defect. Wait up to 5 s before failing.
import { configure } from "@testing-library/react";
import { afterEach } from "vitest";

configure({ asyncUtilTimeout: 5000 });

// Lists keep their search, filters and page in the address (src/admin/kit/list-address.ts), and the tests of a file
// share one window: each test starts at a plain address, as a page opened from a link does.
afterEach(() => {
  if (typeof history !== "undefined" && location.search) history.replaceState(null, "", location.pathname);
});
