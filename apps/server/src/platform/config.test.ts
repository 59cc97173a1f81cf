import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('evaluates the alert rules every minute unless TMS_ALERT_EVERY_SECONDS says otherwise', () => {
    expect(loadConfig({}).alertEverySeconds).toBe(60);
    expect(loadConfig({ TMS_ALERT_EVERY_SECONDS: '2' }).alertEverySeconds).toBe(2);
    for (const bad of ['0', '-5', '1.5', 'often']) expect(() => loadConfig({ TMS_ALERT_EVERY_SECONDS: bad })).toThrow(/TMS_ALERT_EVERY_SECONDS/);
  });
});
