/** getStaticPaths helpers: every route once per locale; dynamic routes get one shell with id "_" (DESIGN §2). */
import { LOCALES } from "../shared/locales";
import { SHELL_ID } from "../shared/routes";

export const localePaths = () => LOCALES.map((lang) => ({ params: { lang } }));
export const shellPaths = () => LOCALES.map((lang) => ({ params: { lang, id: SHELL_ID } }));
