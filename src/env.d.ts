interface ImportMetaEnv {
  /** Base address of the API (spec §7 "public configuration"); /api on the same origin by default. */
  readonly PUBLIC_API_BASE?: string;
  readonly PUBLIC_BUILD_ID?: string;
}

