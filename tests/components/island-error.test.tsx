// Spec §8: an island that throws while mounting shows the localized server-error page, not half a page.
import { render, waitFor } from "@testing-library/react";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "../../src/components/with-i18n";
import { $appError } from "../../src/lib/app-error";
import ar from "../../locales/ar.json";

function Broken(): never {
  throw new Error("setup failed");
}

afterEach(() => {
  $appError.set(null);
  vi.restoreAllMocks();
});

describe("an island that fails to mount", () => {
  it("is replaced by the server-error page of the page's language, the address kept", async () => {
    // The page the Worker serves at /ar/error/500/ is the one the build pre-rendered (`npm run build` first).
    const file = join(process.cwd(), "dist/ar/error/500/index.html");
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` before the component tests`);
    const html = readFileSync(file, "utf8").replace(/<link\b[^>]*>/g, "").replace(/<script\b[\s\S]*?<\/script>/g, "");
    const fetcher = vi.fn(async () => new Response(html, { status: 500 }));
    vi.stubGlobal("fetch", fetcher);
    vi.spyOn(console, "error").mockImplementation(() => {});
    document.documentElement.dataset.locale = "ar";
    const Island = withI18n(Broken);
    render(<Island locale="ar" messages={{}} />);
    await waitFor(() => expect(document.body.textContent).toContain(ar["error.server.title"]));
    expect(fetcher).toHaveBeenCalledWith("/ar/error/500/", expect.anything());
    expect(document.documentElement.getAttribute("dir")).toBe("rtl");
    expect($appError.get()).toBeInstanceOf(Error);
  });
});
