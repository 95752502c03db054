// Component tests share two cores with the worker and browser tests in CI: a lazily loaded dialog may take longer
// than testing-library's default 1 s to appear, which is load, not a defect. Wait up to 5 s before failing.
import { configure } from "@testing-library/react";

configure({ asyncUtilTimeout: 5000 });
