/** Validation rules of spec §5, shared by the forms and the server. */
export const rules = {
  /** letters, digits, hyphen and underscore */
  code: { pattern: /^[A-Za-z0-9_-]+$/, message: 'validation.code' },
  /** at most 11 digits, not starting with 0 */
  mobile: { pattern: /^[1-9]\d{0,10}$/, message: 'validation.mobile' },
  email: { pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'validation.email' },
  /** where a notification goes (issue 17): an e-mail address or a mobile number */
  emailOrMobile: { pattern: /^([^\s@]+@[^\s@]+\.[^\s@]+|[1-9]\d{0,10})$/, message: 'validation.emailOrMobile' },
  phone: { pattern: /^[0-9+\-() ]{0,20}$/, message: 'validation.phone' },
  url: { pattern: /^(https?:\/\/|\/)[^\s]*$/, message: 'validation.url' },
  password: { pattern: /^.{6,16}$/s, message: 'validation.passwordLength' },
  time: { pattern: /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, message: 'validation.time' },
  /** notification events (issue 17): `*`, or event names such as `order.reviewed` separated by commas */
  eventList: { pattern: /^\s*(\*|[a-z]+\.[a-zA-Z]+(\s*,\s*[a-z]+\.[a-zA-Z]+)*)\s*$/, message: 'validation.eventList' },
  /** rate breaks (issue 14): `from-to:price` parts, an empty `to` open, `flat` for a flat amount; e.g. `0-100:50 flat; 100-:0.6` */
  breaks: { pattern: /^\s*\d{1,9}(\.\d{1,3})?\s*-\s*(\d{1,9}(\.\d{1,3})?)?\s*:\s*\d{1,10}(\.\d{1,4})?\s*(flat|f|整票|整票价)?\s*([;；\n]\s*\d{1,9}(\.\d{1,3})?\s*-\s*(\d{1,9}(\.\d{1,3})?)?\s*:\s*\d{1,10}(\.\d{1,4})?\s*(flat|f|整票|整票价)?\s*)*[;；]?\s*$/i, message: 'validation.breaks' },
} as const;

export const LIMITS = {
  remark: 100,
  alertRemark: 800,
  shortText: 60,
  mobile: 11,
  passwordMin: 6,
  passwordMax: 16,
  tokenHours: 12,
  httpTimeoutMs: 10_000,
  chunkTimeoutMs: 120_000,
  pageSizeMax: 500,
} as const;
