/**
 * The least share of its combined leanest floor a list must reach in requests per second (judged on
 * PostgreSQL): issue 39, a list's page 1 and its later pages at least 0.75. Issue 41 asked 0.9 of
 * every page 1 and ended blocked on it: the leanest statements through one bare route of this stack
 * reach 0.59–0.87 of the combined floor (docs/engine-performance.md, "The leanest through one route").
 */
export const listFloorRatio = { page1: 0.75, later: 0.75 } as const;
