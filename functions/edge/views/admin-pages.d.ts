/**
 * What the worker sees of src/admin/edge-pages.ts (the "#admin-pages" alias): the admin resource pages it draws.
 * That module and the browser modules behind it are checked with the browser's types (tsconfig.json); the worker is
 * checked without the DOM, so it knows them only by this surface.
 */
declare module "#admin-pages" {
  import type { ReactElement } from "react";
  import type { Locale } from "../../../src/shared/locales";

  export interface DrawnResourcePage {
    route: string;
    firstCall: (locale: Locale, search: string) => string;
    messages: readonly string[];
    moreCalls?: readonly string[];
    render: (list: unknown, locale: Locale, timeZone: string, search: string, more?: readonly unknown[]) => ReactElement;
    zoned?: boolean;
  }
  export const ADMIN_RESOURCE_PAGES: Record<string, DrawnResourcePage>;

  export interface DrawnAdminPage {
    route: string;
    call: (locale: Locale) => string;
    messages: readonly string[];
    render: (answer: unknown, locale: Locale) => ReactElement;
  }
  export const ADMIN_PAGES: Record<string, DrawnAdminPage>;

  export interface DrawnRecordPage {
    route: string;
    call: string;
    moreCalls?: readonly string[];
    messages: readonly string[];
    render: (record: unknown, locale: Locale, timeZone: string, more?: readonly unknown[]) => ReactElement;
  }
  export const ADMIN_RECORD_PAGES: Record<string, DrawnRecordPage>;
}
