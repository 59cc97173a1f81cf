/** Self-service accounts (spec §2 /user/register, §7 /auth/register, /auth/forge-password, /auth/2step-code, /account/sms). */

/** SMS verification codes: 6 digits, valid 5 minutes, single use, one per minute per mobile, a daily cap. */
export const SMS_RULES = {
  codeLength: 6,
  ttlMinutes: 5,
  resendSeconds: 60,
  /** per mobile in 24 hours, unless the config `sys.sms.dailyCap` says otherwise */
  dailyCap: 10,
  /** wrong guesses before a code is burnt */
  maxAttempts: 5,
  /** codes requested from one address in an hour */
  perAddressHour: 30,
} as const;

export const SMS_PURPOSES = ['REGISTER', 'FORGET', 'LOGIN'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const SMS_CODE_PATTERN = /^\d{6}$/;

/** Registration and password-reset attempts allowed from one address in an hour. */
export const ACCOUNT_ATTEMPTS_PER_HOUR = 10;

/** The answer of POST /auth/login when the account needs a second step. */
export interface TwoStepChallenge {
  twoStep: true;
  ticket: string;
  /** the masked mobile the code went to */
  mobile: string;
}

/** Masks a mobile number for display: 138****8000. */
export function maskMobile(m: string): string {
  return m.length >= 7 ? `${m.slice(0, 3)}****${m.slice(-4)}` : '****';
}
