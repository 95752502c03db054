/** The home page's news box (issue 32): its pictures never compete with the page's first screen. */
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NewsBox } from "../../src/features/live/NewsBox";
import { withI18n } from "../../src/components/with-i18n";
import { sanitizeHtml } from "../../src/shared/rich-content";
import type { NewsItem } from "../../src/contract/news";
import { pageMessages } from "./page-messages";

afterEach(cleanup);

const Box = withI18n(NewsBox);
const item = (id: string, message: string): NewsItem => ({
  _id: id,
  title: { en: `News ${id}`, ar: `خبر ${id}`, ku: `هەواڵ ${id}` },
  // As the API answers: what its sanitizer wrote.
  message: { en: sanitizeHtml(message), ar: sanitizeHtml(message), ku: sanitizeHtml(message) },
  enabled: true,
  read: false,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
});

describe("home news box", () => {
  it("loads a message's pictures lazily, and a picture's text stays text", () => {
    render(
      <Box
        locale="ar"
        messages={pageMessages("ar", "index", "view:home-news")}
        news={[
          item("n1", '<p>Passport reader</p><img src="/api/files/theme/a.png" alt="reader" loading="eager">'),
          item("n2", '<img alt="<img onerror=alert(1) x" src="/api/files/theme/b.png">'),
        ]}
      />,
    );
    const pictures = [...screen.getByTestId("news-list").querySelectorAll("img")];
    expect(pictures.map((img) => [img.getAttribute("loading"), img.getAttribute("decoding")])).toEqual([["lazy", "async"], ["lazy", "async"]]);
    // A "<img" written inside a picture's text is escaped by the sanitizer: no attribute lands in it, nothing runs.
    expect(pictures[1]!.getAttribute("alt")).toBe("<img onerror=alert(1) x");
    expect(pictures[1]!.getAttribute("onerror")).toBeNull();
  });
});
