/** Client users of the portal (issue 17) for the API tests: a user of kind CLIENT bound to clients, signed in. */
import { createUser, type TestServer } from './helpers.ts';

export interface ClientUser {
  id: number;
  userName: string;
  password: string;
  token: string;
}

/** A client user bound to the clients of these codes, with its orders going to `center`. */
export async function clientUser(s: TestServer, clientCodes: string[], center = 'SH01'): Promise<ClientUser> {
  const u = await createUser(s.db, { role: false, centers: [center] });
  await s.db.query(`update sys_user set user_kind = 'CLIENT' where id = $1`, [u.id]);
  await s.db.query(`insert into sys_user_client(user_id, client_id) select $1, id from base_client where code = any($2)`, [u.id, clientCodes]);
  return { id: u.id, userName: u.userName, password: u.password, token: await s.login(u.userName, u.password) };
}
