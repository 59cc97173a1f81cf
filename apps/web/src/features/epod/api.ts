/** Receipt data of the epod screens: the detail (GET …/get/{id}), the actions and what each one may do now. */
import { useQuery } from '@tanstack/react-query';
import { EpodApi, epodRefusal, type EpodAction } from '@tms/domain';
import { get } from '../../platform/http.ts';
import { call } from '../../platform/api.ts';
import type { Row } from '../../platform/resource/columns.ts';

export interface Picture {
  id: number;
  lineId: number | null;
  name: string;
  url: string;
}

export interface EpodLine {
  id: number;
  posNo: number;
  itemCode: string | null;
  itemName: string | null;
  unit: string | null;
  plannedQuantity: number;
  shippedQuantity: number;
  signedQuantity: number | null;
  plannedCases: number;
  plannedPallets: number;
  cases: number | null;
  pallets: number | null;
  shortage: number;
  damage: number;
  remark: string | null;
  pictures: Picture[];
}

export interface EpodDetail extends Row {
  lines: EpodLine[];
  pictures: Picture[];
  pictureCount: number;
  video: { name: string; contentType: string; url: string } | null;
  opinions: { id: number; opinionType: string; content: string; opinionBy: string; opinionTime: string }[];
  tracking: { id: number; operationType: string; operatorName: string | null; operationTime: string; remark: string | null }[];
  execution: Record<string, string | number | null> | null;
  handled: boolean;
}

/** base: '/epod/epod' (the receipt list) or '/epod/check' (the abnormal-check list, its own permission). */
export const epodKey = (id: number) => ['epod', id] as const;
export function useEpod(base: string, id: number) {
  return useQuery({ queryKey: epodKey(id), queryFn: () => get<EpodDetail>(`${base}/get/${id}`), staleTime: 0 });
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
