/**
 * The tables of the declared entities. Each is a named export so drizzle-kit sees it; the
 * declaration itself lives in the contract, this file only lists it (parents before children).
 */
import { reportHeader, thermalAnalysis, thermalMeasurement, workOrderSpk } from '@inspectra/contract';
import { entityTable } from '../../engine/entity-table.ts';

export const workOrderSpkTable = entityTable(workOrderSpk);
export const reportHeaderTable = entityTable(reportHeader, workOrderSpkTable);
export const thermalAnalysisTable = entityTable(thermalAnalysis, reportHeaderTable);
export const thermalMeasurementTable = entityTable(thermalMeasurement, thermalAnalysisTable);
