import type { workOrderSpk } from '@inspectra/contract';
import { callApi } from '../../api/calls.ts';
import type { RecordOf } from '../../api/records.ts';

export type WorkOrder = RecordOf<typeof workOrderSpk>;

export function workOrderQuery(id: string) {
  return {
    queryKey: ['work-orders', id],
    queryFn: async () => (await callApi('GET /work-order-spks/:id', { params: { id } })).data,
  };
}
