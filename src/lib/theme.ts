/** Light (default) and dark themes (spec §9). The choice lives in a cookie so the edge can paint it without a flash. */
import { writeCookie } from "./cookies";

export const THEME_COOKIE = "theme";
export type Theme = "light" | "dark";

export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === "dark" ? "dark" : "light";
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  writeCookie(THEME_COOKIE, theme, 365 * 24 * 60 * 60);
  for (const button of document.querySelectorAll("[data-theme-toggle]")) button.setAttribute("aria-pressed", String(theme === "dark"));
}

export function setupThemeToggle(): void {
  for (const button of document.querySelectorAll("[data-theme-toggle]")) {
    button.setAttribute("aria-pressed", String(currentTheme() === "dark"));
    button.addEventListener("click", () => applyTheme(currentTheme() === "dark" ? "light" : "dark"));
  }
}
