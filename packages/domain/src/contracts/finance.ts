/** Request and answer schemas of the hand-written finance routes (/api/finance/*, issue 14). */
import { z } from 'zod';
import { IdList } from '../api.ts';

export const ContractActionBody = z.object({ ids: IdList });
export const ContractActionAnswer = z.object({ changed: z.number().int() });

