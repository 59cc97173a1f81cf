import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('masks credential-like query values and keeps the rest as sent', () => {
    expect(redactUrl('/api/files/12?exp=1700000000&sig=abc_DEF-123')).toBe('/api/files/12?exp=1700000000&sig=[redacted]');
    expect(redactUrl('/api/realtime/stream?ticket=1.2.xyz&types=alert')).toBe('/api/realtime/stream?ticket=[redacted]&types=alert');
    expect(redactUrl('/x?captchaToken=t&client_secret=s&Password=p&api_key=k&code=c&lang=en-US')).toBe(
      '/x?captchaToken=[redacted]&client_secret=[redacted]&Password=[redacted]&api_key=[redacted]&code=[redacted]&lang=en-US',
    );
    // an encoded key is judged decoded
    expect(redactUrl('/x?%74oken=secret')).toBe('/x?%74oken=[redacted]');
  });

  it('leaves addresses without credentials alone', () => {
    expect(redactUrl('/api/system/dict/data/list?dictType=sys_yes_no&pageSize=10&dictCode=1')).toBe('/api/system/dict/data/list?dictType=sys_yes_no&pageSize=10&dictCode=1');
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/x?flag&token')).toBe('/x?flag&token');
    expect(redactUrl(undefined)).toBeUndefined();
  });
});
