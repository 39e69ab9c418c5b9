/**
 * The least share of its combined leanest floor a list must reach in requests per second (judged on
 * PostgreSQL): issue 41, every list's page 1 at least 0.9; issue 39, a later page at least 0.75.
 */
export const listFloorRatio = { page1: 0.9, later: 0.75 } as const;
