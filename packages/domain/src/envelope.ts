/** The HTTP envelope of api-contract.md, shared by the server and every client. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
  errors?: Record<string, string>;
}
export interface PageEnvelope<T = unknown> {
  code: number;
  msg: string;
  rows: T[];
  total: number;
}
export interface PageQuery {
  pageNum?: number;
  pageSize?: number;
  orderByColumn?: string;
  isAsc?: 'asc' | 'desc';
}

/** Session user info, GET /system/user/info */
export interface UserInfo {
  id: number;
  userName: string;
  nickName: string;
  avatar: string;
  roleIds: string;
  roles: string[];
  buttons: string[];
  permissions: { permissionId: string; actionList: string[] }[];
  sysUserProfile: { dateStyle: string };
  dispatchCenterId: number | null;
  /** CLIENT: a user of a client, who works in the portal (/portal) */
  userKind?: 'STAFF' | 'CLIENT';
}

/** Menu record of spec §3 */
export interface MenuRecord {
  id: number;
  parentId: number;
  menuName: string;
  menuKey: string;
  icon?: string | null;
  visible: string; // '1' means hidden
  path: string;
  component?: string | null;
  redirect?: string | null;
  remark?: string | null;
  target?: string | null; // '_self' | '_blank'
  hiddenChildren?: boolean;
  hiddenHeader?: boolean;
  menuType: 'M' | 'C' | 'F'; // catalogue, menu, button
  perms?: string | null;
  orderNum: number;
  children?: MenuRecord[];
}

export interface DispatchCenterOption {
  uuid: number;
  id: number;
  code: string;
  name: string;
  isDefault: '0' | '1';
}

export const PUBLIC = 'public' as const;
export const AUTHENTICATED = 'authenticated' as const;

/** GET /auth/captcha/captchaImage: the slide captcha (images as data URLs; the answer stays on the server). */
export interface CaptchaImage {
  token: string;
  backgroundImage: string;
  pieceImage: string;
  /** top of the piece in the background */
  y: number;
  width: number;
  height: number;
  pieceSize: number;
}
