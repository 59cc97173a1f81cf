/**
 * Request and answer schemas of sign-in and self-service: captcha, login (password, then an SMS code when the
 * user has a second step), logout, single sign-on codes, SMS codes, registration and the forgotten password.
 * Fields the account module checks itself (with the user form's rules, after the registration and rate checks)
 * are documented here and passed through.
 */
import { z } from 'zod';
import { anyText, neededText, plainBody } from './checks.ts';

export const Captcha = z
  .object({ token: z.string(), enabled: z.boolean() })
  .loose()
  .meta({ id: 'SlideCaptcha', description: 'the slide puzzle (background, piece and its row) with its token; `enabled` = the login asks for it' });
export const CaptchaCheck = z.object({ token: anyText('the captcha token'), x: anyText('the horizontal offset of the piece', { type: 'number' }) }).loose().nullish();
export const CaptchaTestQuery = z.object({ token: z.string().optional() }).loose();

export const Login = plainBody({
  username: neededText(60, true),
  password: neededText(200, false),
  captchaToken: anyText('the slide captcha (when enabled)'),
  x: anyText('the slide offset (when enabled)', { type: ['number', 'string'] }),
});
export const LoginAnswer = z
  .union([
    z.object({ token: z.string(), expiresAt: z.string().describe('ISO-8601') }),
    z.object({ twoStep: z.literal(true), ticket: z.string().describe('for POST /api/auth/2step-code'), mobile: z.string().describe('masked') }),
  ])
  .meta({ id: 'LoginAnswer' });
export const TwoStep = plainBody({
  ticket: neededText(Number.MAX_SAFE_INTEGER, false, 'the ticket of the login'),
  code: anyText('the SMS code; none = send one'),
});
export const TwoStepAnswer = z.union([z.object({ token: z.string(), expiresAt: z.string() }), z.object({ mobile: z.string().describe('masked: a code was sent') })]);
export const NoInput = z.object({}).loose().nullish().meta({ description: 'no input: send no body or {}' });
export const SsoCode = z.object({ code: z.string().describe('one-time, valid 60 s') });
export const SsoExchange = plainBody({ code: neededText(Number.MAX_SAFE_INTEGER, false, 'the code of POST /api/auth/sso/code') });

// Self-service (spec §7)
export const SmsRequest = z
  .object({ mobile: anyText('the mobile number'), purpose: anyText('register or forget', { enum: ['register', 'forget'] }) })
  .loose()
  .nullish();
export const SmsSent = z.object({ resendSeconds: z.number() });
export const SmsReport = z
  .object({ timestamp: anyText('epoch ms'), requestId: anyText('the gateway’s message id'), error: anyText('why it was not delivered') })
  .loose()
  .nullish()
  .describe('signed: header x-sms-signature = HMAC-SHA256 hex of `timestamp.requestId.error` with the gateway key');
export const SmsTestQuery = z.object({ mobile: z.string().optional(), purpose: z.string().optional() }).loose();
export const Register = z
  .object({
    userName: anyText(), mobile: anyText(), email: anyText(undefined, { format: 'email' }), password: anyText(), confirmPassword: anyText(), smsCaptcha: anyText('the SMS code (purpose register)'),
  })
  .loose()
  .nullish();
export const Registered = z.object({ userName: z.string(), status: z.literal('1').describe('disabled until an administrator enables it') });
export const ForgetPassword = z
  .object({ mobile: anyText(), password: anyText('the new password'), confirmPassword: anyText(), smsCaptcha: anyText('the SMS code (purpose forget)') })
  .loose()
  .nullish();
