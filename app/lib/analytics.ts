/**
 * Where the browser side of the page analytics sends its counts (docs/decisions/0040, 0056): the
 * beacons of app/shell/early (a page's view, the funnel steps) and the no-JavaScript pixel.
 */
export const ANALYTICS_BEACON_PATH = "/api/analytics";
/** The image a counted page loads when JavaScript is off (app/routes/api/analytics.pixel.ts). */
export const ANALYTICS_PIXEL_PATH = "/api/analytics/pixel";
