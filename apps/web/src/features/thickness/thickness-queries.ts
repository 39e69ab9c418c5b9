import type { thicknessReading, ThicknessLocationView, ThicknessStatus } from '@inspectra/contract';
import { callApi } from '../../api/calls.ts';
import type { RecordOf } from '../../api/records.ts';

export type ThicknessReadingRecord = RecordOf<typeof thicknessReading>;

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
  readings: (thicknessLocationId: string) => ({
    queryKey: [...thicknessKey, 'readings', thicknessLocationId],
    queryFn: async () =>
      (
        await callApi<ThicknessReadingRecord[]>('GET /thickness-readings/by-location', {
          query: { thicknessLocationId },
        })
      ).data,
  }),
};
