/** Run-time web settings (single sign-on) read from the environment and written into index.html. */
import { describe, expect, it } from 'vitest';
import { injectWebConfig, loadWebRuntimeConfig } from './web-config.ts';

describe('run-time web settings', () => {
  it('are absent unless a TMS_SSO… variable is set (the web build decides)', () => {
    expect(loadWebRuntimeConfig({})).toBeNull();
    expect(loadWebRuntimeConfig({ TMS_SSO: '' })).toBeNull();
  });
  it('read the mode, the sign-in address and the cookie name', () => {
    expect(loadWebRuntimeConfig({ TMS_SSO: 'on', TMS_SSO_LOGIN_URL: 'https://sso.example.com/login?back={redirect}', TMS_SSO_COOKIE: 'sso_code' })).toEqual({
      sso: { enabled: true, loginUrl: 'https://sso.example.com/login?back={redirect}', cookie: 'sso_code' },
    });
    expect(loadWebRuntimeConfig({ TMS_SSO: '0' })).toEqual({ sso: { enabled: false } });
    expect(loadWebRuntimeConfig({ TMS_SSO_LOGIN_URL: '/user/login' })).toEqual({ sso: { loginUrl: '/user/login' } });
  });
  it('refuse values that are not what they say', () => {
    expect(() => loadWebRuntimeConfig({ TMS_SSO: 'maybe' })).toThrow(/TMS_SSO/);
    expect(() => loadWebRuntimeConfig({ TMS_SSO_LOGIN_URL: 'javascript:alert(1)' })).toThrow(/TMS_SSO_LOGIN_URL/);
    expect(() => loadWebRuntimeConfig({ TMS_SSO_LOGIN_URL: '//evil.example.com' })).toThrow(/TMS_SSO_LOGIN_URL/);
    expect(() => loadWebRuntimeConfig({ TMS_SSO_COOKIE: 'a b;c' })).toThrow(/TMS_SSO_COOKIE/);
  });
  it('go into the head as an escaped meta element', () => {
    const html = '<!doctype html><html><head><title>TMS</title></head><body></body></html>';
    const out = injectWebConfig(html, { sso: { enabled: true, loginUrl: 'https://sso.example.com/?a=1&b="x"<y>' } });
    expect(out).toContain(
      '<meta name="tms-config" content="{&quot;sso&quot;:{&quot;enabled&quot;:true,&quot;loginUrl&quot;:&quot;https://sso.example.com/?a=1&amp;b=\\&quot;x\\&quot;&lt;y&gt;&quot;}}" />\n</head>',
    );
    expect(out.indexOf('<meta name="tms-config"')).toBeLessThan(out.indexOf('</head>'));
  });
});
