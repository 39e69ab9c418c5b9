/** The windows the journeys run in (playwright.config.ts), for a screenshot at another width. */
export const desktopViewport = { width: 1366, height: 900 };
export const tabletViewport = { width: 800, height: 1280 };
