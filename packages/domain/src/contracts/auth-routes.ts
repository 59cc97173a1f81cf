/**
 * Where the sign-in and self-service routes are (method and path), without their schemas: contracts/auth.ts declares
 * each endpoint from its place here, and the login and account pages call a route by its place with the endpoint's
 * types (`import type`), so zod and the schemas stay out of the login page's JavaScript (its budget: bench/README.md).
 */
export const AUTH_ROUTES = {
  captcha: { method: 'GET', path: '/auth/captcha/captchaImage' },
  checkCaptcha: { method: 'POST', path: '/auth/captcha/check' },
  login: { method: 'POST', path: '/auth/login/slide' },
  loginPlain: { method: 'POST', path: '/auth/login' },
  twoStep: { method: 'POST', path: '/auth/2step-code' },
  logout: { method: 'POST', path: '/auth/logout' },
  ssoCode: { method: 'POST', path: '/auth/sso/code' },
  ssoToken: { method: 'POST', path: '/auth/getToken' },
  sendSms: { method: 'POST', path: '/account/sms' },
  registrationOpen: { method: 'GET', path: '/auth/register' },
  register: { method: 'POST', path: '/auth/register' },
  forgetPassword: { method: 'POST', path: '/auth/forge-password' },
} as const;
