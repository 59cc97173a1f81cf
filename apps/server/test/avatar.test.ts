/**
 * The own avatar (spec §2 user profile): an image uploaded through POST /api/system/user/profile/avatar
 * becomes the avatar in user info, a signed link that serves the file; anything but an image is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer();
  // any signed-in user, without a single permission, manages their own avatar
  const u = await createUser(s.db, { perms: [] });
  token = await s.login(u.userName, u.password);
});
afterAll(async () => {
  await s?.close();
});

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const form = (name: string, type: string, data: Buffer) => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return f;
};
const upload = (f: FormData | undefined, tok: string | null = token) => s.api('POST', '/api/system/user/profile/avatar', { token: tok, body: f });
const avatarNow = async (): Promise<string> => {
  const r = await s.api('GET', '/api/system/user/info', { token });
  expect(r.status).toBe(200);
  return r.json.data.avatar as string;
};

describe('avatar upload', () => {
  it('accepts an image: user info then names it, and its link serves the same bytes as an image', async () => {
    expect(await avatarNow()).toBe('/avatar2.jpg');
    const r = await upload(form('me.png', 'image/png', PNG));
    expect(r.status).toBe(200);
    const url = r.json.data.avatar as string;
    expect(url).toMatch(/^\/api\/files\/\d+\?exp=\d+&sig=/);
    expect(await avatarNow()).toBe(url);

    // the link works without a session (an <img> carries none)
    const file = await fetch(s.url + url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    // a tampered signature serves nothing
    const forged = await fetch(s.url + url.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A')));
    expect(forged.status).toBe(404);
  });

  it('refuses a file that is not an image with 400 and keeps the avatar', async () => {
    const before = await avatarNow();
    for (const [name, type, data] of [
      ['notes.txt', 'text/plain', Buffer.from('not a picture')],
      ['page.html', 'text/html', Buffer.from('<script>alert(1)</script>')],
      ['sheet.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n')],
      // a declared image type does not make one: the bytes are read
      ['fake.png', 'image/png', Buffer.from('not a picture at all')],
      ['fake.jpg', 'image/jpeg', Buffer.from('<svg onload="alert(1)"/>')],
    ] as const) {
      const r = await upload(form(name, type, data));
      expect(r.status, name).toBe(400);
      expect(Object.keys(r.json.errors), name).toEqual(['file']);
    }
    expect(await avatarNow()).toBe(before);
  });

  it('refuses a request without a file with 400, and a visitor without a session with 401', async () => {
    const none = await s.api('POST', '/api/system/user/profile/avatar', { token, body: {} });
    expect(none.status).toBe(400);
    const anonymous = await upload(form('me.png', 'image/png', PNG), null);
    expect(anonymous.status).toBe(401);
  });
});
