import { describe, expect, it } from 'vitest';
import { DomainEvents, type DomainEventContext } from './domain-events.ts';

const ctx = { q: {}, caller: {}, now: new Date(0) } as unknown as DomainEventContext;
const payload = { dispatchCenterId: 1, orderIds: [1], waybills: [{ orderId: 1, waybillId: 10, code: 'WB1' }] };

describe('domain events', () => {
  it('runs the handlers in subscription order, awaited, and stops at the first error (the emitter rolls back)', async () => {
    const bus = new DomainEvents();
    const seen: string[] = [];
    bus.on('order.reviewed', async (_c, p) => {
      await Promise.resolve();
      seen.push(`a${p.waybills[0]!.waybillId}`);
    });
    const off = bus.on('order.reviewed', async () => void seen.push('b'));
    await bus.emit(ctx, 'order.reviewed', payload);
    expect(seen).toEqual(['a10', 'b']);
    off();
    bus.on('order.reviewed', async () => {
      throw new Error('refused');
    });
    bus.on('order.reviewed', async () => void seen.push('never'));
    await expect(bus.emit(ctx, 'order.reviewed', payload)).rejects.toThrow('refused');
    expect(seen).toEqual(['a10', 'b', 'a10']);
  });

  it('buses do not share handlers (one per server)', async () => {
    const a = new DomainEvents(), b = new DomainEvents();
    let n = 0;
    a.on('order.reviewed', async () => void n++);
    await b.emit(ctx, 'order.reviewed', payload);
    expect(n).toBe(0);
  });
});
