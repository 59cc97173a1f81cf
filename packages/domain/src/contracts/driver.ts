/** Request and answer schemas of the driver app's API (/api/driver/*). */
import { z } from 'zod';

export const Login = z.object({
  loginName: z.string({ error: 'validation.required' }).transform((v) => v.trim().slice(0, 30)).pipe(z.string().min(1, { error: 'validation.required' })),
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).transform((v) => v.slice(0, 200)),
});
export const Token = z.object({ token: z.string(), expiresAt: z.string() });
export const Me = z.object({ driverId: z.number(), code: z.string(), name: z.string(), mobile: z.string(), loginName: z.string(), carrierId: z.number(), carrierName: z.string().nullable() });
export const Shipment = z.object({ id: z.number() }).loose().meta({ id: 'DriverShipment', description: 'a dispatch order of the driver with its stops' });
export const Answered = z.object({ id: z.number(), status: z.string() });
export const Refuse = (max: number) =>
  z.object({
    reason: z
      .string({ error: 'messages.driver.refuseReasonRequired' })
      .trim()
      .min(1, { error: 'messages.driver.refuseReasonRequired' })
      .max(max, { error: 'validation.maxLength' }),
  });

export const Point = z
  .object({
    shipmentId: z.number().int().positive().nullish().describe('else the driver’s dispatch order in progress'),
    lng: z.number().min(-180).max(180),
    lat: z.number().min(-90).max(90),
    speed: z.number().min(0).max(400).nullish().describe('km/h'),
    direction: z.number().min(0).max(360).nullish(),
    time: z.union([z.string(), z.number()]).describe('ISO-8601 or epoch ms; at most 5 minutes ahead and 7 days old'),
  })
  .meta({ id: 'PositionPoint' });
export const Positions = z.union([z.array(Point), z.object({ points: z.array(Point) })]).describe('a batch of 1…1000 points: an array, or { points }');
export const Count = z.object({ count: z.number().int() });
export const StoredFile = z.object({ id: z.number(), url: z.string() }).loose();

const CHECK = { items: 50, pictures: 9, remark: 200 } as const;
export const VehicleCheck = z.object({
  items: z
    .array(
      z.object({
        code: z.string().min(1).max(30).describe('a value of the vehicle_check_item dictionary'),
        passed: z.boolean(),
        remark: z.string().max(CHECK.remark).nullish(),
        pictureIds: z.array(z.number().int().positive()).max(CHECK.pictures).default([]).describe('files the driver uploaded (POST /api/driver/files)'),
      }),
    )
    .min(1)
    .max(CHECK.items),
  remark: z.string().max(CHECK.remark).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
  lat: z.number().min(-90).max(90).nullish(),
});
export const CheckSaved = z.object({ id: z.number(), result: z.string() });
export const CheckItem = z.object({ code: z.string().describe('a value of the vehicle_check_item dictionary'), label: z.string().describe('in the request language') }).meta({ id: 'DriverCheckItem' });

/** Web Push of new tasks: the server's VAPID public key, and a browser's push subscription (PushSubscription.toJSON()). */
export const PushKey = z.object({ publicKey: z.string().describe('VAPID public key, base64url (applicationServerKey)') });
export const PushSubscription = z
  .object({
    endpoint: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(1000, { error: 'validation.maxLength' }).describe("the push service's endpoint"),
    keys: z.object({
      p256dh: z.string({ error: 'validation.required' }).min(1).max(200).describe('P-256 public key, base64url'),
      auth: z.string({ error: 'validation.required' }).min(1).max(100).describe('authentication secret, base64url'),
    }),
  })
  .loose()
  .meta({ id: 'DriverPushSubscription' });
export const PushEndpoint = z.object({ endpoint: z.string({ error: 'validation.required' }).min(1).max(1000) });
