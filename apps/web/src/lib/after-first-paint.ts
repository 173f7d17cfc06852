import { useEffect, useState } from 'react';

let painted = false;

/**
 * False while the app's first page is being drawn, true once it has been painted (and from the
 * start for everything drawn after that). The dashboard's cards draw their skeletons only then,
 * into room kept for them: the first paint (the shell, the title, the notices) came markedly
 * later with every card's insides in it (bench/dashboard-vitals.mjs), and nothing moves when they
 * fill in. Rows already at hand are drawn with the first paint (components/dashboard-card.tsx).
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    const finish = () => {
      painted = true;
      setDone(true);
    };
    // A frame's callback runs just before that frame is painted; the task it queues, after.
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (typeof requestAnimationFrame !== 'function') {
      timer = setTimeout(finish, 0);
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(finish, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [done]);
  return done;
}
