/**
 * Every admin page and admin API, for the guard tests. Each area adds its routes here
 * (a route missing from this list is a route nobody checks).
 */
export const ADMIN_PAGES = ["/admin", "/admin/dashboard", "/admin/business-optimizations"];

export const ADMIN_APIS: Array<{ method: string; path: string; body?: unknown }> = [];
