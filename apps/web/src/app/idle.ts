/**
 * The signed-in shell's idle moment: once the shell has rendered and the browser is idle, the code
 * that is not needed for the first paint loads (the list-page code, the view registry, the alert
 * bell, the layout settings drawer). `performance.mark('tms-prefetch')` marks it (bench/README.md).
 */
import { useEffect, useState } from 'react';

let markIdle!: () => void;
const idle = new Promise<void>((resolve) => {
  markIdle = resolve;
});
let reached = false;

/** Called once by the shell (SignedIn) when it is idle. */
export function shellIdle(): void {
  if (reached) return;
  reached = true;
  performance.mark('tms-prefetch');
  markIdle();
}

/** Resolves when the shell has been idle once. */
export function afterShellIdle(): Promise<void> {
  return idle;
}

/** true from the shell's idle moment on (at once after it was reached). */
export function useShellIdle(): boolean {
  const [done, setDone] = useState(reached);
  useEffect(() => {
    if (done) return;
    let live = true;
    void idle.then(() => live && setDone(true));
    return () => {
      live = false;
    };
  }, [done]);
  return done;
}
