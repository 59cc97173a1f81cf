/**
 * Request and answer schemas of the driver app's API (/api/driver/*), and its endpoints: one declaration for the
 * server's routes (which add their idempotency, refusal and rate-limit settings) and the driver app's calls.
 */
import { z } from 'zod';
import { endpoint, IdParams, NoBody, okOf, resourceRow } from '../api.ts';
import { Departure, Done, DriverListQuery, LineQuery, Picture, receiptSections, Report } from './epod.ts';
import { DRIVER_ROUTES as at } from './driver-routes.ts';
import { resourceByName } from '../resources/index.ts';

export const Login = z.object({
  loginName: z.string({ error: 'validation.required' }).transform((v) => v.trim().slice(0, 30)).pipe(z.string().min(1, { error: 'validation.required' })),
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).transform((v) => v.slice(0, 200)),
});
export const Token = z.object({ token: z.string(), expiresAt: z.string() });
export const Me = z.object({ driverId: z.number(), code: z.string(), name: z.string(), mobile: z.string(), loginName: z.string(), carrierId: z.number(), carrierName: z.string().nullable() });
const time = z.string().describe('ISO-8601');
export const DriverStop = z.object({
  seq: z.number().int().describe('1, 2, … in route order'),
  stationId: z.number(),
  name: z.string(),
  lng: z.number(),
  lat: z.number(),
  fence: z.number().describe('the e-fence radius, km'),
  address: z.string().nullable(),
  contactName: z.string().nullable(),
});
export const DriverGoods = z.object({ itemName: z.string().nullable(), quantity: z.number(), unit: z.string().nullable() });
export const DriverWaybill = z.object({
  id: z.number(),
  code: z.string(),
  sourceStationId: z.number(),
  destStationId: z.number(),
  sourceContact: z.string().nullable(),
  sourcePhone: z.string().nullable(),
  destContact: z.string().nullable(),
  destPhone: z.string().nullable(),
  etd: time.nullable(),
  eta: time.nullable(),
  totalQuantity: z.number(),
  goods: z.array(DriverGoods),
  epodId: z.number().nullable(),
  epodCode: z.string().nullable(),
  epodStatus: z.string().nullable(),
  epodDepartureTime: time.nullable().describe('when the driver left the stop after this receipt was signed'),
});
export const CheckDone = z.object({ id: z.number(), result: z.enum(['PASS', 'FAIL']), checkTime: time });
export const Shipment = z
  .object({
    id: z.number(),
    shipmentCode: z.string(),
    status: z.enum(['EFFECTIVE', 'SHIPPED', 'COMPLETED']),
    isReceive: z.enum(['ACCEPTED', 'REFUSED']).nullable().describe("the driver's answer"),
    receiveTime: time.nullable(),
    rejectReasons: z.string().nullable(),
    etd: time.nullable(),
    eta: time.nullable(),
    atd: time.nullable(),
    ata: time.nullable(),
    stationNum: z.number().nullable(),
    transType: z.string().nullable(),
    remark: z.string().nullable(),
    totalWeight: z.number().nullable(),
    totalVolume: z.number().nullable(),
    totalQuantity: z.number().nullable(),
    totalCases: z.number().nullable(),
    totalPallets: z.number().nullable(),
    carrierName: z.string().nullable(),
    vehiclePlate: z.string().nullable(),
    trailerPlate: z.string().nullable(),
    fromLocation: z.string().nullable(),
    toLocation: z.string().nullable(),
    driverRole: z.enum(['MASTER', 'SECOND', 'OPERATING']),
    lastCheck: CheckDone.nullable().describe('the latest vehicle check reported on it'),
    stops: z.array(DriverStop),
    waybills: z.array(DriverWaybill),
  })
  .meta({ id: 'DriverShipment', description: 'a dispatch order of the driver with its stops and waybills' });
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
export const CheckSaved = z.object({ id: z.number(), result: z.enum(['PASS', 'FAIL']) });
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

/** A receipt of the driver: what the back office's detail shows (its row and sections). */
export const Receipt = z
  .object({ id: z.number(), code: z.string(), waybillCode: z.string().nullable(), status: z.string(), ...receiptSections })
  .loose()
  .meta({ id: 'DriverReceipt', description: 'a receipt of the driver with its lines, pictures, opinions and execution' });

/** Refusals longer than this are cut off by the form and refused by the server. */
export const REJECT_REASON_MAX = 200;

const tags = ['driver'];
/** The principal of the driver app's routes: a driver's token, not a staff session. */
export const DRIVER_PERMISSION = 'driver:app';
const cfg = { tags, permission: DRIVER_PERMISSION };
const epodDef = resourceByName.get('epod')!;
export const endpoints = {
  login: endpoint({ ...at.login, operationId: 'driver.login', summary: 'Driver sign-in with login name and password: a 12-hour token', tags, permission: 'public', body: Login, response: okOf(Token) }),
  logout: endpoint({ ...at.logout, operationId: 'driver.logout', summary: "End the driver's session", ...cfg, body: NoBody, response: okOf(z.null()) }),
  me: endpoint({ ...at.me, operationId: 'driver.me', summary: 'The signed-in driver', ...cfg, response: okOf(Me) }),
  shipments: endpoint({ ...at.shipments, operationId: 'driver.shipments', summary: "The driver's effective and shipped dispatch orders (100)", ...cfg, response: okOf(z.array(Shipment)) }),
  shipment: endpoint({ ...at.shipment, operationId: 'driver.shipment', summary: 'One dispatch order of the driver with its stops', ...cfg, params: IdParams, response: okOf(Shipment) }),
  accept: endpoint({ ...at.accept, operationId: 'driver.accept', summary: 'Accept a dispatch order (Idempotency-Key: applied once)', ...cfg, params: IdParams, body: NoBody, response: okOf(Answered) }),
  refuse: endpoint({ ...at.refuse, operationId: 'driver.refuse', summary: 'Refuse a dispatch order, with a reason (Idempotency-Key: applied once)', ...cfg, params: IdParams, body: Refuse(REJECT_REASON_MAX), response: okOf(Answered) }),
  positions: endpoint({ ...at.positions, operationId: 'driver.positions', summary: 'A batch of positions (up to 1000 points; Idempotency-Key: applied once)', ...cfg, body: Positions, response: okOf(Count) }),
  uploadFile: endpoint({ ...at.uploadFile, operationId: 'driver.uploadFile', summary: 'Upload one picture (for a vehicle check): its id and link (Idempotency-Key: applied once)', ...cfg, body: 'upload', response: okOf(StoredFile) }),
  checkItems: endpoint({ ...at.checkItems, operationId: 'driver.checkItems', summary: 'The vehicle checklist: the active items in order, named in the request language', ...cfg, response: okOf(z.array(CheckItem)) }),
  vehicleCheck: endpoint({ ...at.vehicleCheck, operationId: 'driver.vehicleCheck', summary: 'Report a vehicle check on a dispatch order in progress (Idempotency-Key: applied once)', ...cfg, params: IdParams, body: VehicleCheck, response: okOf(CheckSaved) }),
  pushKey: endpoint({ ...at.pushKey, operationId: 'driver.pushKey', summary: "The server's VAPID public key, to subscribe to new-task notifications", ...cfg, response: okOf(PushKey) }),
  pushSubscribe: endpoint({ ...at.pushSubscribe, operationId: 'driver.pushSubscribe', summary: "Store the phone's push subscription: new tasks are notified to it", ...cfg, body: PushSubscription, response: okOf(z.null()) }),
  pushUnsubscribe: endpoint({ ...at.pushUnsubscribe, operationId: 'driver.pushUnsubscribe', summary: "Forget the phone's push subscription", ...cfg, body: PushEndpoint, response: okOf(z.null()) }),
  epods: endpoint({ ...at.epods, operationId: 'driver.epods', summary: "The driver's receipts of shipped and completed dispatch orders (newest 200)", ...cfg, querystring: DriverListQuery, response: okOf(z.array(resourceRow(epodDef))) }),
  epod: endpoint({ ...at.epod, operationId: 'driver.epod', summary: 'One receipt of the driver with its lines and pictures', ...cfg, params: IdParams, response: okOf(Receipt) }),
  epodReport: endpoint({ ...at.epodReport, operationId: 'driver.epodReport', summary: "The driver's report of a receipt: times and every line's signed figures (Idempotency-Key: applied once)", ...cfg, params: IdParams, body: Report, response: okOf(Done) }),
  epodDeparture: endpoint({ ...at.epodDeparture, operationId: 'driver.epodDeparture', summary: 'The driver left the stop of a signed receipt: its departure time (Idempotency-Key: applied once)', ...cfg, params: IdParams, body: Departure, response: okOf(Done) }),
  epodRecall: endpoint({ ...at.epodRecall, operationId: 'driver.epodRecall', summary: 'The driver recalls a reported receipt', ...cfg, params: IdParams, body: NoBody, response: okOf(Done) }),
  epodPicture: endpoint({ ...at.epodPicture, operationId: 'driver.epodPicture', summary: 'The driver adds a picture to a receipt or one of its lines (Idempotency-Key: applied once)', ...cfg, params: IdParams, querystring: LineQuery, body: 'upload', response: okOf(Picture) }),
};
