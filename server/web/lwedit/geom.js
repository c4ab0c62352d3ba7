// umpire Lightning War table editor, geometry: where roads cross streams (bridges) and where a
// detachment's bases stand (its footprint), as lightningwar/footprint.go places them: line
// abreast or column, 1/2" apart, centred on its point, faced along its facing.

// crossings are the points where a road's centre line crosses a stream's: [{x, y, road, stream}].
export function crossings(roads, streams) {
  const out = [];
  for (const r of roads) for (const s of streams) {
    for (let i = 1; i < r.line.length; i++) for (let j = 1; j < s.line.length; j++) {
      const p = cross(r.line[i - 1], r.line[i], s.line[j - 1], s.line[j]);
      if (p) out.push({ x: +p[0].toFixed(2), y: +p[1].toFixed(2), road: r.id, stream: s.id });
    }
  }
  return out;
}

function cross(a, b, c, d) {
  const rx = b[0] - a[0], ry = b[1] - a[1], sx = d[0] - c[0], sy = d[1] - c[1];
  const den = rx * sy - ry * sx;
  if (Math.abs(den) < 1e-12) return null;
  const t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / den;
  const u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / den;
  if (t < 0 || t > 1 || u < 0 || u > 1) return null;
  return [a[0] + t * rx, a[1] + t * ry];
}

// footprint is a detachment's bases, each as its four corners in table inches.
export function footprint(det, units) {
  const byId = new Map(units.map((u) => [String(u.id), u]));
  const bases = (det.units || []).map((id) => byId.get(String(id))).filter((u) => u && !u.aboard)
    .map((u) => (Array.isArray(u.base) ? u.base.map(Number) : [1, 1]));
  if (!bases.length) bases.push([1, 1]);
  const f = (Number(det.facing) || 0) * Math.PI / 180;
  const fwd = [Math.sin(f), Math.cos(f)], right = [Math.cos(f), -Math.sin(f)];
  const column = det.formation === 'column';
  const along = (i) => (column ? bases[i][1] : bases[i][0]);
  const total = bases.reduce((s, _, i) => s + along(i), 0) + 0.5 * (bases.length - 1);
  let pos = -total / 2;
  return bases.map(([w, d], i) => {
    const mid = pos + along(i) / 2;
    pos += along(i) + 0.5;
    const ox = column ? 0 : mid, oy = column ? -mid : 0; // line: first on the left; column: first at the head
    const c = [det.at[0] + ox * right[0] + oy * fwd[0], det.at[1] + ox * right[1] + oy * fwd[1]];
    return [[-w / 2, -d / 2], [w / 2, -d / 2], [w / 2, d / 2], [-w / 2, d / 2]].map(([x, y]) =>
      [c[0] + x * right[0] + y * fwd[0], c[1] + x * right[1] + y * fwd[1]]);
  });
}

// inside says whether p lies in the polygon (an edge counts as inside, near enough).
export function inside(p, poly) {
  let in_ = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i], b = poly[j];
    if (segDist(p, a, b) < 1e-9) return true;
    if ((a[1] > p[1]) !== (b[1] > p[1]) && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0]) in_ = !in_;
  }
  return in_;
}

// segDist is p's distance from the segment ab.
export function segDist(p, a, b) {
  const dx = b[0] - a[0], dy = b[1] - a[1], l2 = dx * dx + dy * dy;
  const t = l2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2)) : 0;
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

// groundAt is what stands at p as the scenario reads it: the last area listed with a ground
// gives the ground (and its own factor, if it has one), the last with a slope the slope; on a road when within half its width.
export function groundAt(doc, p) {
  let ground = 'open', slope = '', factor;
  for (const t of doc.terrain) if (inside(p, t.area)) {
    if (t.ground) { ground = t.ground; factor = t.factor; }
    if (t.slope) slope = t.slope;
  }
  const road = doc.roads.find((r) => r.line.some((q, i) => i > 0 && segDist(p, r.line[i - 1], q) <= (r.width ?? 0.5) / 2));
  return { ground, slope, factor, road: road ? road.id : '' };
}
