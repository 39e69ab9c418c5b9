import type { reportHeader } from '@inspectra/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '../../api/calls.ts';
import { ApiError } from '../../api/errors.ts';
import type { RecordOf } from '../../api/records.ts';

export type Report = RecordOf<typeof reportHeader>;

/** `GET /report-headers?id=` answers a one-record page; an empty page means there is no such report. */
export function reportQuery(id: string) {
  return {
    queryKey: ['reports', id],
    queryFn: async () => {
      const page = await callApi('GET /report-headers', {
        query: { id, pageNumber: 1, pageSize: 1 },
      });
      const report = page.data[0];
      if (!report) throw new ApiError('There is no report with this id', { status: 404, code: 'NOT_FOUND' });
      return report;
    },
  };
}

export function useReport(id: string): Report {
  return useSuspenseQuery(reportQuery(id)).data;
}
