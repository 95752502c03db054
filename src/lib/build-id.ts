/** The id of this build, written into every page (<meta name="build-id">) and into /builds/latest.json. */
export const BUILD_ID: string = import.meta.env.PUBLIC_BUILD_ID ?? "dev";
