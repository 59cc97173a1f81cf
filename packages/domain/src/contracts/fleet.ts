/** Request and answer schemas of the fleet routes (/api/fleet/*, issue 19). */
import { z } from 'zod';
import { intText } from '../api.ts';

/** a time (ISO-8601 with a zone, or epoch milliseconds as text) */
const instant = z
  .string({ error: 'validation.required' })
  .refine((v) => !Number.isNaN(new Date(/^\d{1,16}$/.test(v) ? Number(v) : v).getTime()), { error: 'validation.datetime' })
  .transform((v) => new Date(/^\d{1,16}$/.test(v) ? Number(v) : v))
  .meta({ format: 'date-time' });

export const TrackParams = z.object({ id: intText(1).describe('the vehicle') });
export const TrackQuery = z.object({
  from: instant.describe('from this time'),
  to: instant.describe('up to this time (at most 31 days after from)'),
  zoom: intText(0, 22).optional().describe("the map's zoom level: points closer than a pixel are dropped"),
});
export const VehicleTrack = z.object({
  vehicle: z.object({ id: z.number(), code: z.string(), plateNumber: z.string() }),
  total: z.number().int().describe('points stored in the range'),
  points: z.array(z.tuple([z.number(), z.number(), z.number(), z.number().nullable()])).describe('[lng, lat, epoch ms, speed km/h], oldest first'),
});
