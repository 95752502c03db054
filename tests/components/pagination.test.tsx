import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Pagination } from "../../src/components/ui/Pagination";
import { TranslationRequestsView } from "../../src/features/translation/TranslationRequestsView";
import type { OrderListResponse } from "../../src/contract/translation";
import { usePageMessages } from "./page-messages";

afterEach(() => cleanup());

describe("pager with addresses", () => {
  it("previous and next are links to the list's own address; a plain click moves within the page, a new-tab click is left to the browser", () => {
    usePageMessages("en", "translation/requests", "view:translation-requests");
    const onPage = vi.fn();
    render(<Pagination page={2} limit={20} total={65} onPage={onPage} href={(page) => `?page=${page}`} />);
    const previous = screen.getByTestId("page-previous");
    const next = screen.getByTestId("page-next");
    expect(previous.tagName).toBe("A");
    expect(previous.getAttribute("href")).toBe("?page=1");
    expect(next.getAttribute("href")).toBe("?page=3");
    expect(next.getAttribute("aria-label")).toBe("Next page");
    const plain = fireEvent.click(next);
    expect(plain).toBe(false); // default prevented: no page load
    expect(onPage).toHaveBeenLastCalledWith(3);
    onPage.mockClear();
    expect(fireEvent.click(previous, { ctrlKey: true })).toBe(true);
    expect(onPage).not.toHaveBeenCalled();
  });

  it("at the ends there is nothing to follow: a disabled button, not a link", () => {
    usePageMessages("en", "translation/requests", "view:translation-requests");
    render(<Pagination page={4} limit={20} total={65} onPage={() => {}} href={(page) => `?page=${page}`} />);
    expect(screen.getByTestId("page-next").tagName).toBe("BUTTON");
    expect((screen.getByTestId("page-next") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("page-previous").getAttribute("href")).toBe("?page=3");
  });

  it("page 1 of a plain list links the page's own address without a query (an empty href would keep the current one)", () => {
    usePageMessages("en", "translation/requests", "view:translation-requests");
    render(<Pagination page={2} limit={20} total={65} onPage={() => {}} href={(page) => (page > 1 ? `?page=${page}` : "")} />);
    expect(screen.getByTestId("page-previous").getAttribute("href")).toBe("?");
  });

  it("the agency's translation orders link their pages with the status filter kept (in Arabic too)", () => {
    usePageMessages("ar", "translation/requests", "view:translation-requests");
    const list = { data: [], total: 45, counts: {} } as unknown as OrderListResponse;
    render(<TranslationRequestsView locale="ar" filters={{ status: "Pending", page: 2 } as never} list={list} />);
    expect(screen.getByTestId("page-next").getAttribute("href")).toBe("?status=Pending&page=3");
    // Page 1 is the list's plain address.
    expect(screen.getByTestId("page-previous").getAttribute("href")).toBe("?status=Pending");
  });
});
