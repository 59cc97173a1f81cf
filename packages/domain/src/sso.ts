/**
 * Single sign-on settings shared by the server (which may write them into the page) and the web app
 * (which reads them): what a sign-in address and a code cookie's name may be.
 */

/** An absolute http(s) address or a path of this site (never `javascript:` or a `//host` address). */
export const SSO_LOGIN_URL = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;
/** A cookie name: letters, digits, `_`, `.`, `-`. */
export const SSO_COOKIE_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
