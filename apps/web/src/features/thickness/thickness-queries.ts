import type {
  thicknessReading,
  ThicknessCandidate,
  ThicknessLocationView,
  ThicknessReadingView,
  ThicknessStatus,
} from '@inspectra/contract';
import { cappedOf } from '../../api/capped.ts';
import { callApi } from '../../api/calls.ts';
import type { RecordOf } from '../../api/records.ts';

export type ThicknessReadingRecord = RecordOf<typeof thicknessReading>;
/** A reading as the location's list answers it: the record with the reading before it and the change. */
export type ThicknessReadingRow = ThicknessReadingRecord &
  Pick<ThicknessReadingView, 'previousReading' | 'changeMm' | 'rateMmPerYear'>;

/** The filters of the locations list, as its call takes them. */
export type ThicknessListFilters = { equipmentNo?: string; status?: ThicknessStatus[] };

/** Every thickness query starts with this: a change to a location or a reading refreshes them all. */
export const thicknessKey = ['thickness'] as const;

export const thicknessQueries = {
  list: (filters: ThicknessListFilters, pageNumber: number, pageSize: number) => ({
    queryKey: [...thicknessKey, 'list', filters, pageNumber, pageSize],
    queryFn: () =>
      callApi<ThicknessLocationView[]>('GET /thickness-locations', {
        query: {
          ...(filters.equipmentNo ? { equipmentNo: filters.equipmentNo } : {}),
          ...(filters.status?.length ? { status: filters.status.join(',') } : {}),
          pageNumber,
          pageSize,
        },
      }),
  }),
  location: (id: string) => ({
    queryKey: [...thicknessKey, 'location', id],
    queryFn: async (): Promise<ThicknessLocationView> =>
      (await callApi<ThicknessLocationView>('GET /thickness-locations/:id', { params: { id } })).data,
  }),
  /** Oldest first, each with the reading before it, its change and the rate over the interval. */
  readings: (thicknessLocationId: string) => ({
    queryKey: [...thicknessKey, 'readings', thicknessLocationId],
    queryFn: async () =>
      cappedOf(
        await callApi<ThicknessReadingRow[]>('GET /thickness-readings/by-location', {
          query: { thicknessLocationId },
        }),
      ),
  }),
  /** The thicknesses of the equipment's approved UFD, SRUT and PAUT records not yet taken. */
  candidates: (thicknessLocationId: string) => ({
    queryKey: [...thicknessKey, 'candidates', thicknessLocationId],
    queryFn: async () =>
      cappedOf(
        await callApi<ThicknessCandidate[]>('GET /thickness-readings/candidates', {
          query: { thicknessLocationId },
        }),
      ),
  }),
};
