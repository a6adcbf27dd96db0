import scripts from "virtual:shell-pages";

/** Name → URL of each built shell page entry (empty in development, where the router hydrates every page). */
export const shellPageScripts: Record<string, string> = scripts;
