/**
 * The top progress bar (nprogress; spec §9 "progress indicator time-out: 800"): it runs while a lazy
 * chunk loads and on every route change, which it completes at the next paint or after 800 ms at the
 * latest (a view whose chunk is still loading keeps it running).
 */
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './progress.css';

export const PROGRESS_TIMEOUT_MS = 800;

// the bar is decoration (the page itself says when it is loading): no made-up role="bar" for screen readers
NProgress.configure({ showSpinner: false, trickleSpeed: 150, barSelector: '.bar', template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>' });

let active = 0;
function begin(): void {
  if (active++ === 0) NProgress.start();
}
function end(): void {
  active = Math.max(0, active - 1);
  if (active === 0) NProgress.done();
}

/** Runs the bar while a load is pending. */
export function trackLoad<T>(p: Promise<T>): Promise<T> {
  begin();
  return p.finally(end);
}

/** A route change: the bar runs until the new view has painted, at most PROGRESS_TIMEOUT_MS. */
export function routeChanged(): void {
  begin();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    end();
  };
  requestAnimationFrame(() => requestAnimationFrame(finish));
  setTimeout(finish, PROGRESS_TIMEOUT_MS);
}

/** The bar takes the theme's primary colour. */
export function setProgressColor(color: string): void {
  document.documentElement.style.setProperty('--tms-progress-color', color);
}
