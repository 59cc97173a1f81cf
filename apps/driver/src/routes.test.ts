import { describe, expect, it } from 'vitest';
import { DriverApi } from '@tms/domain';
import { ROUTES, target } from './routes.ts';

describe('the driver app calls the routes the server registers', () => {
  it.each(Object.entries(ROUTES))('%s: %s', (name, route) => {
    const e = DriverApi.endpoints[name as keyof typeof DriverApi.endpoints];
    expect(e, `DriverApi.endpoints.${name}`).toBeDefined();
    expect(route).toBe(`${e.method} ${e.path}`);
  });

  it('fills path parameters and refuses a missing one', () => {
    expect(target('epodPicture', { id: 12 })).toEqual({ method: 'POST', path: '/driver/epods/12/pictures' });
    expect(() => target('accept', {})).toThrow('missing path parameter id');
  });
});
