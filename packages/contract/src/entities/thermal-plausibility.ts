/**
 * Where a reading stops being plausible for electrical equipment (docs/thermal.md): above 200 °C a
 * connection is usually already failing visibly, so the figure is more often a typing slip, a
 * reflection or a wrong camera range; below 0.5 emissivity (bare or shiny metal) the camera's
 * temperature is unreliable.
 */
export const thermalPlausibility = { hottestExpectedC: 200, lowestReliableEmissivity: 0.5 } as const;
