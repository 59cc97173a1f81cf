import { describe, expect, it } from 'vitest';
import { DriverApi } from '@tms/domain';
import { target } from './routes.ts';

describe('the driver app calls the routes the server registers', () => {
  it('fills path parameters and refuses a missing one', () => {
    expect(target('epodPicture', { id: 12 })).toEqual({ method: 'POST', path: '/driver/epods/12/pictures' });
    expect(target('shipments', undefined)).toEqual({ method: 'GET', path: DriverApi.endpoints.shipments.path });
    expect(() => target('accept', {})).toThrow('missing path parameter id');
  });
});
