// Counts where drawn lines cross: how the layout judges a picture with tag frames against one without, and what the bench prints.
import type { LayoutPoint } from "./types.js";

/** Most segments whose crossings are counted; beyond, the count is left out (it is quadratic at worst). */
export const MAX_COUNTED_SEGMENTS = 20_000;

interface Segment {
  edge: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * Proper crossings between segments of different lines (shared end points and touching do not count), by a sweep
 * over x; undefined beyond MAX_COUNTED_SEGMENTS segments.
 */
export function countCrossings(edges: readonly { points: readonly LayoutPoint[] }[]): number | undefined {
  const segments: Segment[] = [];
  edges.forEach((e, edge) => {
    for (let i = 1; i < e.points.length; i++) {
      const a = e.points[i - 1]!;
      const b = e.points[i]!;
      segments.push(a.x <= b.x ? { edge, x1: a.x, y1: a.y, x2: b.x, y2: b.y } : { edge, x1: b.x, y1: b.y, x2: a.x, y2: a.y });
    }
  });
  if (segments.length > MAX_COUNTED_SEGMENTS) return undefined;
  segments.sort((s, t) => s.x1 - t.x1);
  const cross = (o: LayoutPoint, p: LayoutPoint, q: LayoutPoint) => (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x);
  let count = 0;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    for (let j = i + 1; j < segments.length && segments[j]!.x1 <= s.x2; j++) {
      const t = segments[j]!;
      if (t.edge === s.edge) continue;
      const [p1, p2, q1, q2] = [
        { x: s.x1, y: s.y1 },
        { x: s.x2, y: s.y2 },
        { x: t.x1, y: t.y1 },
        { x: t.x2, y: t.y2 },
      ];
      const d1 = cross(q1, q2, p1);
      const d2 = cross(q1, q2, p2);
      const d3 = cross(p1, p2, q1);
      const d4 = cross(p1, p2, q2);
      if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) count++;
    }
  }
  return count;
}
