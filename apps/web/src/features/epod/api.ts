/** Receipt data of the epod screens: the detail (GET …/get/{id}), the actions and what each one may do now. */
import { useQuery } from '@tanstack/react-query';
import { EpodApi, epodRefusal, type EpodAction } from '@tms/domain';
import { call, callData, type DataOf } from '../../platform/api.ts';
import type { Row } from '../../platform/resource/columns.ts';

/** A receipt's detail: its row with its lines, pictures, video, opinions, business log and execution. */
export type EpodDetail = DataOf<EpodGet>;
export type EpodLine = EpodDetail['lines'][number];
export type Picture = EpodLine['pictures'][number];
/** the get of the receipt list, or of the abnormal-check list (its own permission) */
export type EpodGet = typeof EpodApi.endpoints.get;

export const epodKey = (id: number) => ['epod', id] as const;
export const fetchEpod = (get: EpodGet, id: number) => callData(get, { params: { id } });
export function useEpod(get: EpodGet, id: number) {
  return useQuery({ queryKey: epodKey(id), queryFn: () => fetchEpod(get, id), staleTime: 0 });
}

/** Why an action is refused now (a message key), or null; the server decides again. */
export function refusal(action: EpodAction, row: Row): string | null {
  return epodRefusal(action, { status: String(row.status), isAbnormal: row.isAbnormal === true, handled: !!row.handleTime });
}

/** Uploads one file (multipart) to the receipt: a picture (of a line when lineId is given) or the stop's video. */
export function uploadEpodFile(kind: 'picture' | 'video', epodId: number, file: Blob, lineId?: number) {
  const body = new FormData();
  body.append('file', file);
  const opts = { silent: true, timeoutMs: 120_000 };
  return kind === 'picture'
    ? call(EpodApi.endpoints.uploadPicture, { query: { epodId, ...(lineId ? { lineId } : {}) }, body }, opts)
    : call(EpodApi.endpoints.uploadVideo, { query: { epodId }, body }, opts);
}
