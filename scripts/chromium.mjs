// Finds Debian's Chromium for the browser tests (and poppler-utils, which reads the PDF exports back); installs them
// with apt-get when we are root, else says how.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);

export function findChromium() {
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

const hasPoppler = () => {
  try {
    execSync("command -v pdftotext", { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

export function ensureChromium() {
  const found = findChromium();
  if (found && hasPoppler()) return found;
  const root = process.getuid?.() === 0;
  let hasApt = false;
  try {
    execSync("command -v apt-get", { stdio: "ignore" });
    hasApt = true;
  } catch {}
  if (!root || !hasApt) {
    console.error("\nThe browser tests need Debian's Chromium. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-core poppler-utils\n");
    process.exit(1);
  }
  console.log("Installing Debian's chromium and poppler-utils for the tests (apt-get)…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core poppler-utils", { stdio: "inherit" });
  const installed = findChromium();
  if (!installed) {
    console.error("apt-get finished but no chromium binary was found.");
    process.exit(1);
  }
  return installed;
}
