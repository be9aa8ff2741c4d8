// The size sweep as an SVG a person can open: tokens and wall time against the number of jars,
// spawn_agent withheld and offered, with the crossover (where delegation starts to pay) marked.

export interface SweepPoint {
  jars: number;
  withheld: { tokens: number; wallMs: number };
  offered: { tokens: number; wallMs: number };
}

/** The smallest size from which delegation costs less on `metric` at every larger size; undefined if never. */
export function crossover(points: readonly SweepPoint[], metric: 'tokens' | 'wallMs'): number | undefined {
  let found: number | undefined;
  for (const point of [...points].sort((a, b) => b.jars - a.jars)) {
    if (point.offered[metric] < point.withheld[metric]) found = point.jars;
    else break;
  }
  return found;
}

const WIDTH = 420;
const HEIGHT = 260;
const PAD = { left: 64, right: 16, top: 36, bottom: 40 };

function panel(points: readonly SweepPoint[], metric: 'tokens' | 'wallMs', title: string, x0: number): string {
  const sizes = points.map((point) => point.jars);
  const values = points.flatMap((point) => [point.withheld[metric], point.offered[metric]]);
  const maxX = Math.max(...sizes);
  const minX = Math.min(...sizes);
  const maxY = Math.max(1, ...values);
  const x = (jars: number) =>
    x0 + PAD.left + ((jars - minX) / Math.max(1, maxX - minX)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - value / maxY) * (HEIGHT - PAD.top - PAD.bottom);
  const line = (side: 'withheld' | 'offered') =>
    points.map((point) => `${x(point.jars).toFixed(1)},${y(point[side][metric]).toFixed(1)}`).join(' ');
  const cross = crossover(points, metric);
  const format = (value: number) =>
    metric === 'tokens' ? `${Math.round(value / 1000)}k` : `${(value / 1000).toFixed(1)} s`;
  return [
    `<text x="${x0 + PAD.left}" y="20" font-size="14" font-weight="bold">${title}</text>`,
    `<line x1="${x0 + PAD.left}" y1="${HEIGHT - PAD.bottom}" x2="${x0 + WIDTH - PAD.right}" y2="${HEIGHT - PAD.bottom}" stroke="#888"/>`,
    `<line x1="${x0 + PAD.left}" y1="${PAD.top}" x2="${x0 + PAD.left}" y2="${HEIGHT - PAD.bottom}" stroke="#888"/>`,
    `<text x="${x0 + 4}" y="${PAD.top + 4}" font-size="11">${format(maxY)}</text>`,
    `<text x="${x0 + 4}" y="${HEIGHT - PAD.bottom}" font-size="11">0</text>`,
    ...sizes.map(
      (jars) =>
        `<text x="${x(jars).toFixed(1)}" y="${HEIGHT - PAD.bottom + 14}" font-size="10" text-anchor="middle">${jars}</text>`,
    ),
    `<text x="${x0 + WIDTH / 2}" y="${HEIGHT - 6}" font-size="11" text-anchor="middle">jars</text>`,
    `<polyline fill="none" stroke="#c0392b" stroke-width="2" points="${line('withheld')}"/>`,
    `<polyline fill="none" stroke="#2471a3" stroke-width="2" points="${line('offered')}"/>`,
    cross === undefined
      ? `<text x="${x0 + PAD.left + 8}" y="${PAD.top + 14}" font-size="11">delegation never pays here</text>`
      : `<line x1="${x(cross).toFixed(1)}" y1="${PAD.top}" x2="${x(cross).toFixed(1)}" y2="${HEIGHT - PAD.bottom}" stroke="#27ae60" stroke-dasharray="4 3"/><text x="${(x(cross) + 4).toFixed(1)}" y="${PAD.top + 14}" font-size="11" fill="#27ae60">pays from ${cross} jars</text>`,
  ].join('\n');
}

/** Two panels (tokens, wall time), a legend and the model that ran them. */
export function crossoverSvg(points: readonly SweepPoint[], modelLabel: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH * 2}" height="${HEIGHT + 30}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
${panel(points, 'tokens', 'Tokens', 0)}
${panel(points, 'wallMs', 'Wall time', WIDTH)}
<text x="${PAD.left}" y="${HEIGHT + 20}" font-size="12"><tspan fill="#c0392b">━ spawn_agent withheld</tspan>   <tspan fill="#2471a3">━ spawn_agent offered</tspan>   model: ${escapeXml(modelLabel)}</text>
</svg>
`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
