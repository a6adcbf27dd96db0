import shellPages from "virtual:shell-pages";

/**
 * The browser entries of public pages (vite.config.ts): name → URL, and in development the
 * modules to load before them (Vite's client, React Router's refresh runtime).
 */
export { shellPages };
