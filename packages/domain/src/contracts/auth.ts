/**
 * Request and answer schemas of sign-in and self-service: captcha, login (password, then an SMS code when the
 * user has a second step), logout, single sign-on codes, SMS codes, registration and the forgotten password.
 * Fields the account module checks itself (with the user form's rules, after the registration and rate checks)
 * are documented here and passed through.
 */
import { z } from 'zod';
import { endpoint, okOf, OkEnvelope } from '../api.ts';
import { anyText, neededText, plainBody } from './checks.ts';
import { AUTH_ROUTES as at } from './auth-routes.ts';

export const Captcha = z
  .object({
    token: z.string(),
    backgroundImage: z.string().describe('the background with the gap (data URL)'),
    pieceImage: z.string().describe('the piece (data URL)'),
    y: z.number().describe('top of the piece in the background'),
    width: z.number(),
    height: z.number(),
    pieceSize: z.number(),
    enabled: z.boolean(),
  })
  .meta({ id: 'SlideCaptcha', description: 'the slide puzzle (background, piece and its row) with its token; `enabled` = the login asks for it' });
export const CaptchaCheck = z.object({ token: anyText('the captcha token'), x: anyText<number>('the horizontal offset of the piece', { type: 'number' }) }).loose().nullish();
export const CaptchaTestQuery = z.object({ token: z.string().optional() }).loose();

export const Login = plainBody({
  username: neededText(60, true),
  password: neededText(200, false),
  captchaToken: anyText('the slide captcha (when enabled)'),
  x: anyText<number | string>('the slide offset (when enabled)', { type: ['number', 'string'] }),
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
  .object({ mobile: anyText('the mobile number'), purpose: anyText<'register' | 'forget'>('register or forget', { enum: ['register', 'forget'] }) })
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

/** Sign-in and self-service routes: one declaration for the server's route and the web's call (their places: contracts/auth-routes.ts). */
const tags = ['auth'];
const accountTags = ['account'];
const loginText = 'A session token, or (a user with a second step) a ticket for POST /api/auth/2step-code while an SMS code is sent.';
export const endpoints = {
  captcha: endpoint({ ...at.captcha, operationId: 'auth.captcha', summary: 'A new slide captcha', tags, permission: 'public', response: okOf(Captcha) }),
  checkCaptcha: endpoint({ ...at.checkCaptcha, operationId: 'auth.checkCaptcha', summary: 'Check a slide captcha answer (it stays usable for the login)', tags, permission: 'public', body: CaptchaCheck, response: okOf(z.object({ verified: z.boolean() })) }),
  login: endpoint({ ...at.login, operationId: 'auth.login', summary: 'Sign in with user name, password (and the slide captcha when enabled)', description: loginText, tags, permission: 'public', body: Login, response: okOf(LoginAnswer) }),
  loginPlain: endpoint({ ...at.loginPlain, operationId: 'auth.loginPlain', summary: 'Sign in (same as /api/auth/login/slide)', description: loginText, tags, permission: 'public', body: Login, response: okOf(LoginAnswer) }),
  twoStep: endpoint({ ...at.twoStep, operationId: 'auth.twoStep', summary: 'Second sign-in step: send the SMS code (no code), or check it for a session token', tags, permission: 'public', body: TwoStep, response: okOf(TwoStepAnswer) }),
  logout: endpoint({ ...at.logout, operationId: 'auth.logout', summary: 'End the session of the bearer token (if any)', tags, permission: 'public', body: NoInput, response: OkEnvelope }),
  ssoCode: endpoint({ ...at.ssoCode, operationId: 'auth.ssoCode', summary: 'A one-time single-sign-on code for another application', tags, permission: 'authenticated', body: NoInput, response: okOf(SsoCode) }),
  ssoToken: endpoint({ ...at.ssoToken, operationId: 'auth.ssoToken', summary: 'Exchange a single-sign-on code for a session token', tags, permission: 'public', body: SsoExchange, response: okOf(z.string().describe('the session token')) }),
  sendSms: endpoint({ ...at.sendSms, operationId: 'account.sendSms', summary: 'Send an SMS code for registration or a forgotten password', description: 'A reset code goes out only to a number of exactly one account; the answer is the same either way.', tags: accountTags, permission: 'public', body: SmsRequest, response: okOf(SmsSent) }),
  registrationOpen: endpoint({ ...at.registrationOpen, operationId: 'account.registrationOpen', summary: 'Whether self-registration is open', tags: accountTags, permission: 'public', response: okOf(z.object({ open: z.boolean() })) }),
  register: endpoint({ ...at.register, operationId: 'account.register', summary: 'Register an account (disabled until an administrator enables it) with an SMS code', tags: accountTags, permission: 'public', body: Register, response: okOf(Registered) }),
  forgetPassword: endpoint({ ...at.forgetPassword, operationId: 'account.resetPassword', summary: 'Set a new password with an SMS code (every session of the account ends)', tags: accountTags, permission: 'public', body: ForgetPassword, response: OkEnvelope }),
};
