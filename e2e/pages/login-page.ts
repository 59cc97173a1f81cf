/** Page object: the login page with its slide captcha. Make it before the page opens the login page: it reads the
 * captcha the page asks for as it opens (made later, it may miss it and wait for one that never comes). */
import type { Page } from 'playwright-core';

const isCaptcha = (url: string) => url.includes('/api/auth/captcha/captchaImage');

export class LoginPage {
  /** the token of the captcha the page shows last (it asks for a new one after a failed slide) */
  private captchaToken: Promise<string> | null = null;
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {
    // the test reads the expected position through the test-only hook (TMS_TEST_HOOKS=1, never in production)
    page.on('response', (r) => {
      if (!isCaptcha(r.url())) return;
      const token = r.json().then((j: { data: { token: string } }) => j.data.token);
      token.catch(() => undefined); // a navigation that raced the body: the next image answers
      this.captchaToken = token;
    });
  }

  async open(path = '/user/login') {
    await this.page.goto(this.baseUrl + path);
    await this.page.getByTestId('captcha-bg').waitFor();
  }

  /** Where the gap of the shown captcha is (what a person sees), through the test-only hook. */
  async answer(): Promise<number> {
    if (!this.captchaToken) await this.page.waitForResponse((r) => isCaptcha(r.url()));
    const token = await this.captchaToken!;
    const ans = (await (await fetch(`${this.baseUrl}/api/auth/captcha/testAnswer?token=${encodeURIComponent(token)}`)).json()) as { data: { x: number } };
    return ans.data.x;
  }

  /** Drags the puzzle piece to the gap, as a person would, in small mouse steps. */
  async slide(offset = 0) {
    const x = await this.answer();
    const h = (await this.page.getByTestId('captcha-handle').boundingBox())!;
    const sx = h.x + h.width / 2;
    const sy = h.y + h.height / 2;
    await this.page.mouse.move(sx, sy);
    await this.page.mouse.down();
    const target = x + offset;
    for (let i = 1; i <= 12; i++) await this.page.mouse.move(sx + (target * i) / 12, sy + (i % 2));
    await this.page.mouse.up();
  }

  async fill(user: string, password: string) {
    await this.page.getByTestId('login-username').fill(user);
    await this.page.getByTestId('login-password').fill(password);
  }

  async submit() {
    await this.page.getByTestId('login-submit').click();
  }

  async login(user: string, password: string) {
    await this.fill(user, password);
    await this.slide();
    await this.page.getByText(/验证通过|Verified/).waitFor();
    await this.submit();
  }

  error() {
    return this.page.getByTestId('login-error');
  }
}
