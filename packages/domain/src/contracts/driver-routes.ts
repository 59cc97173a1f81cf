/**
 * Where the driver app's routes are (method and path, below /api), without their schemas: contracts/driver.ts
 * declares each endpoint from its place here, and the driver app calls a route by its place with the endpoint's
 * types (`import type`), so zod and the schemas stay out of the phone's JavaScript (its budget: bench/README.md).
 */
export const DRIVER_ROUTES = {
  login: { method: 'POST', path: '/driver/login' },
  logout: { method: 'POST', path: '/driver/logout' },
  me: { method: 'GET', path: '/driver/me' },
  shipments: { method: 'GET', path: '/driver/shipments' },
  shipment: { method: 'GET', path: '/driver/shipments/:id' },
  accept: { method: 'POST', path: '/driver/shipments/:id/accept' },
  refuse: { method: 'POST', path: '/driver/shipments/:id/refuse' },
  positions: { method: 'POST', path: '/driver/positions' },
  uploadFile: { method: 'POST', path: '/driver/files' },
  checkItems: { method: 'GET', path: '/driver/checkItems' },
  vehicleCheck: { method: 'POST', path: '/driver/shipments/:id/vehicleCheck' },
  pushKey: { method: 'GET', path: '/driver/push/key' },
  pushSubscribe: { method: 'POST', path: '/driver/push/subscription' },
  pushUnsubscribe: { method: 'POST', path: '/driver/push/unsubscribe' },
  epods: { method: 'GET', path: '/driver/epods' },
  epod: { method: 'GET', path: '/driver/epods/:id' },
  epodReport: { method: 'POST', path: '/driver/epods/:id/report' },
  epodDeparture: { method: 'POST', path: '/driver/epods/:id/departure' },
  epodRecall: { method: 'POST', path: '/driver/epods/:id/recall' },
  epodPicture: { method: 'POST', path: '/driver/epods/:id/pictures' },
} as const;
