/**
 * The demo company's pictures, drawn as SVG by the project itself (nothing may be downloaded at run
 * time). Every image is a pure function of its inputs: the same scene and seed give the same bytes.
 */

export type Scene = 'savanna' | 'baobab' | 'crater' | 'mountain' | 'shore' | 'forest' | 'lake' | 'river' | 'volcano';
export type Palette = 'dawn' | 'morning' | 'golden' | 'dusk';

export const palettes: Palette[] = ['dawn', 'morning', 'golden', 'dusk'];

interface Colors {
  sky: [string, string, string];
  sun: string;
  far: string;
  mid: string;
  near: string;
  ground: string;
  silhouette: string;
  water: [string, string];
}

const colors: Record<Palette, Colors> = {
  dawn: {
    sky: ['#5b6c9c', '#e9a3a0', '#f7d6a8'],
    sun: '#fff1cf',
    far: '#a88ea6',
    mid: '#8a7a7e',
    near: '#6f6a4f',
    ground: '#8c7a45',
    silhouette: '#2d2a2e',
    water: ['#b6a2c4', '#6f7fa8'],
  },
  morning: {
    sky: ['#4f8fc9', '#9cc7e4', '#e6efe9'],
    sun: '#fffbe8',
    far: '#8fb0b8',
    mid: '#7d9a6c',
    near: '#6b8443',
    ground: '#b59a4e',
    silhouette: '#2f3a26',
    water: ['#6fb4cf', '#2f7ea6'],
  },
  golden: {
    sky: ['#e39f48', '#f2c06b', '#f9e3b0'],
    sun: '#fff6d6',
    far: '#c9915a',
    mid: '#a8743f',
    near: '#8a5a2b',
    ground: '#c9963f',
    silhouette: '#3b2a20',
    water: ['#e8b772', '#a86f3a'],
  },
  dusk: {
    sky: ['#222831', '#7b4a6b', '#e07a4f'],
    sun: '#ffc27a',
    far: '#6b4a63',
    mid: '#4d3a4f',
    near: '#3b2f3a',
    ground: '#4a3a32',
    silhouette: '#171419',
    water: ['#8c5a6e', '#3a3350'],
  },
};

/** A small deterministic PRNG (mulberry32) seeded from a string (FNV-1a). */
export function randomFrom(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const W = 1200;
const H = 800;
const r1 = (n: number) => Math.round(n * 10) / 10;

function between(rand: () => number, min: number, max: number): number {
  return min + rand() * (max - min);
}

/** A rolling skyline from left to right, closed along the bottom edge. */
function ridge(rand: () => number, baseY: number, amplitude: number, steps: number): string {
  const points: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    points.push([(W / steps) * i, baseY - rand() * amplitude]);
  }
  let d = `M0 ${H}L0 ${r1(points[0][1])}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    d += `Q${r1(x0 + (x1 - x0) / 2)} ${r1(Math.min(y0, y1) - amplitude * 0.15)} ${r1(x1)} ${r1(y1)}`;
  }
  return `${d}L${W} ${H}Z`;
}

function acacia(x: number, y: number, size: number, fill: string): string {
  const s = size;
  return (
    `<g fill="${fill}"><path d="M${r1(x - s * 0.04)} ${r1(y)}L${r1(x - s * 0.02)} ${r1(y - s * 0.55)}L${r1(x - s * 0.3)} ${r1(y - s * 0.78)}` +
    `L${r1(x - s * 0.26)} ${r1(y - s * 0.8)}L${r1(x)} ${r1(y - s * 0.62)}L${r1(x + s * 0.28)} ${r1(y - s * 0.82)}L${r1(x + s * 0.31)} ${r1(y - s * 0.79)}` +
    `L${r1(x + s * 0.04)} ${r1(y - s * 0.55)}L${r1(x + s * 0.05)} ${r1(y)}Z"/>` +
    `<ellipse cx="${r1(x)}" cy="${r1(y - s * 0.86)}" rx="${r1(s * 0.62)}" ry="${r1(s * 0.12)}"/>` +
    `<ellipse cx="${r1(x - s * 0.22)}" cy="${r1(y - s * 0.8)}" rx="${r1(s * 0.3)}" ry="${r1(s * 0.08)}"/>` +
    `<ellipse cx="${r1(x + s * 0.25)}" cy="${r1(y - s * 0.81)}" rx="${r1(s * 0.28)}" ry="${r1(s * 0.08)}"/></g>`
  );
}

function baobab(x: number, y: number, size: number, fill: string): string {
  const s = size;
  const branches = [-0.5, -0.25, 0, 0.22, 0.48]
    .map((dx) => `M${r1(x + dx * s * 0.3)} ${r1(y - s * 0.7)}L${r1(x + dx * s * 0.9)} ${r1(y - s * (1.0 + Math.abs(dx) * 0.1))}`)
    .join('');
  return (
    `<g fill="${fill}" stroke="${fill}"><path d="M${r1(x - s * 0.2)} ${r1(y)}Q${r1(x - s * 0.26)} ${r1(y - s * 0.4)} ${r1(x - s * 0.12)} ${r1(y - s * 0.72)}` +
    `L${r1(x + s * 0.12)} ${r1(y - s * 0.72)}Q${r1(x + s * 0.26)} ${r1(y - s * 0.4)} ${r1(x + s * 0.2)} ${r1(y)}Z"/>` +
    `<path d="${branches}" fill="none" stroke-width="${r1(s * 0.05)}" stroke-linecap="round"/>` +
    `<ellipse cx="${r1(x)}" cy="${r1(y - s * 1.02)}" rx="${r1(s * 0.5)}" ry="${r1(s * 0.09)}" opacity="0.9"/></g>`
  );
}

function palm(x: number, y: number, size: number, lean: number, fill: string): string {
  const s = size;
  const topX = x + lean * s * 0.35;
  const topY = y - s;
  const fronds = [-2.6, -2.0, -1.3, -0.6, 0.1, 0.6]
    .map((angle) => {
      const ex = topX + Math.cos(angle) * s * 0.45;
      const ey = topY + Math.sin(angle) * s * 0.22 + s * 0.12;
      return `M${r1(topX)} ${r1(topY)}Q${r1((topX + ex) / 2)} ${r1(topY - s * 0.12)} ${r1(ex)} ${r1(ey)}`;
    })
    .join('');
  return (
    `<g stroke="${fill}" fill="none" stroke-linecap="round"><path d="M${r1(x)} ${r1(y)}Q${r1(x + lean * s * 0.05)} ${r1(y - s * 0.5)} ${r1(topX)} ${r1(topY)}" stroke-width="${r1(s * 0.045)}"/>` +
    `<path d="${fronds}" stroke-width="${r1(s * 0.03)}"/></g>`
  );
}

function canopyTree(x: number, y: number, size: number, fill: string): string {
  const s = size;
  return (
    `<g fill="${fill}"><rect x="${r1(x - s * 0.04)}" y="${r1(y - s * 0.5)}" width="${r1(s * 0.08)}" height="${r1(s * 0.5)}"/>` +
    `<circle cx="${r1(x)}" cy="${r1(y - s * 0.72)}" r="${r1(s * 0.3)}"/><circle cx="${r1(x - s * 0.22)}" cy="${r1(y - s * 0.55)}" r="${r1(s * 0.22)}"/>` +
    `<circle cx="${r1(x + s * 0.22)}" cy="${r1(y - s * 0.56)}" r="${r1(s * 0.24)}"/></g>`
  );
}

function giraffe(x: number, y: number, s: number, fill: string): string {
  return (
    `<path fill="${fill}" d="M${r1(x)} ${r1(y)}l${r1(s * 0.04)} ${r1(-s * 0.45)}l${r1(s * 0.02)} 0l${r1(0)} ${r1(s * 0.45)}h${r1(s * 0.03)}` +
    `l${r1(s * 0.01)} ${r1(-s * 0.42)}h${r1(s * 0.22)}l${r1(s * 0.02)} ${r1(s * 0.42)}h${r1(s * 0.03)}l0 ${r1(-s * 0.46)}` +
    `q${r1(s * 0.05)} ${r1(-s * 0.05)} ${r1(s * 0.08)} ${r1(-s * 0.2)}l${r1(s * 0.1)} ${r1(-s * 0.42)}l${r1(s * 0.09)} ${r1(s * 0.03)}l${r1(-s * 0.02)} ${r1(-s * 0.06)}` +
    `l${r1(-s * 0.12)} ${r1(-s * 0.02)}l${r1(-s * 0.14)} ${r1(s * 0.5)}q${r1(-s * 0.1)} ${r1(s * 0.1)} ${r1(-s * 0.3)} ${r1(s * 0.12)}z"/>`
  );
}

function elephant(x: number, y: number, s: number, fill: string): string {
  return (
    `<path fill="${fill}" d="M${r1(x)} ${r1(y)}v${r1(-s * 0.28)}q${r1(-s * 0.02)} ${r1(-s * 0.28)} ${r1(s * 0.25)} ${r1(-s * 0.3)}` +
    `q${r1(s * 0.2)} ${r1(-s * 0.02)} ${r1(s * 0.28)} ${r1(s * 0.1)}q${r1(s * 0.14)} ${r1(-s * 0.04)} ${r1(s * 0.16)} ${r1(s * 0.14)}` +
    `q${r1(s * 0.02)} ${r1(s * 0.2)} ${r1(-s * 0.04)} ${r1(s * 0.36)}h${r1(-s * 0.04)}q${r1(s * 0.04)} ${r1(-s * 0.14)} ${r1(s * 0.01)} ${r1(-s * 0.26)}` +
    `l${r1(-s * 0.06)} ${r1(s * 0.08)}v${r1(s * 0.22)}h${r1(-s * 0.07)}v${r1(-s * 0.16)}h${r1(-s * 0.22)}v${r1(s * 0.16)}h${r1(-s * 0.07)}z"/>`
  );
}

function flamingo(x: number, y: number, s: number, fill: string): string {
  return (
    `<g stroke="${fill}" fill="${fill}" stroke-linecap="round"><ellipse cx="${r1(x)}" cy="${r1(y - s * 0.55)}" rx="${r1(s * 0.16)}" ry="${r1(s * 0.09)}"/>` +
    `<path d="M${r1(x + s * 0.12)} ${r1(y - s * 0.58)}q${r1(s * 0.12)} ${r1(-s * 0.2)} ${r1(0)} ${r1(-s * 0.32)}q${r1(-s * 0.04)} ${r1(-s * 0.06)} ${r1(s * 0.06)} ${r1(-s * 0.08)}" fill="none" stroke-width="${r1(s * 0.03)}"/>` +
    `<path d="M${r1(x)} ${r1(y - s * 0.48)}V${r1(y)}" stroke-width="${r1(s * 0.015)}"/></g>`
  );
}

function birds(rand: () => number, count: number, fill: string): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = between(rand, 150, 1050);
    const y = between(rand, 90, 280);
    const w = between(rand, 8, 18);
    d += `M${r1(x - w)} ${r1(y - w * 0.4)}Q${r1(x - w / 2)} ${r1(y - w * 0.7)} ${r1(x)} ${r1(y)}Q${r1(x + w / 2)} ${r1(y - w * 0.7)} ${r1(x + w)} ${r1(y - w * 0.4)}`;
  }
  return `<path d="${d}" fill="none" stroke="${fill}" stroke-width="2.2" stroke-linecap="round" opacity="0.75"/>`;
}

function clouds(rand: () => number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = between(rand, 50, 1150);
    const y = between(rand, 70, 240);
    const w = between(rand, 90, 220);
    out += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(w)}" ry="${r1(w * 0.12)}"/><ellipse cx="${r1(x + w * 0.3)}" cy="${r1(y - w * 0.06)}" rx="${r1(w * 0.5)}" ry="${r1(w * 0.1)}"/>`;
  }
  return `<g fill="#ffffff" opacity="0.28">${out}</g>`;
}

function grass(rand: () => number, y: number, count: number, fill: string): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = between(rand, 0, W);
    const h = between(rand, 8, 26);
    const lean = between(rand, -6, 6);
    d += `M${r1(x)} ${r1(y + between(rand, 0, H - y))}l${r1(lean)} ${r1(-h)}`;
  }
  return `<path d="${d}" stroke="${fill}" stroke-width="2" stroke-linecap="round" opacity="0.55"/>`;
}

/** The scene-specific middle of the picture: what makes a crater a crater and a shore a shore. */
function sceneBody(scene: Scene, rand: () => number, c: Colors): string {
  const horizon = between(rand, 500, 560);
  switch (scene) {
    case 'savanna':
    case 'baobab': {
      let trees = '';
      const count = 2 + Math.floor(rand() * 4);
      for (let i = 0; i < count; i++) {
        const x = between(rand, 60, 1140);
        const y = horizon + between(rand, 10, 90);
        const size = between(rand, 110, 240) * (y / 600);
        trees += scene === 'baobab' ? baobab(x, y, size, c.silhouette) : acacia(x, y, size, c.silhouette);
      }
      const animalX = between(rand, 250, 850);
      const animal =
        rand() < 0.5
          ? giraffe(animalX, horizon + 70, 150, c.silhouette) + giraffe(animalX + 90, horizon + 75, 120, c.silhouette)
          : elephant(animalX, horizon + 80, 160, c.silhouette) + elephant(animalX + 150, horizon + 84, 110, c.silhouette);
      return (
        `<path d="${ridge(rand, horizon, 40, 6)}" fill="${c.mid}"/>` +
        `<path d="${ridge(rand, horizon + 60, 20, 8)}" fill="${c.ground}"/>` +
        trees +
        animal +
        grass(rand, horizon + 60, 90, c.near)
      );
    }
    case 'crater': {
      const rimY = horizon - 120;
      const floorY = horizon + 40;
      return (
        `<path d="M0 ${H}L0 ${r1(rimY + 30)}Q150 ${r1(rimY - 40)} 320 ${r1(rimY)}L880 ${r1(rimY - 10)}Q1050 ${r1(rimY - 50)} 1200 ${r1(rimY + 20)}L1200 ${H}Z" fill="${c.far}"/>` +
        `<path d="M0 ${H}L0 ${r1(floorY - 40)}Q300 ${r1(floorY - 10)} 600 ${r1(floorY)}T1200 ${r1(floorY - 30)}L1200 ${H}Z" fill="${c.mid}"/>` +
        `<ellipse cx="${r1(between(rand, 450, 750))}" cy="${r1(floorY + 45)}" rx="${r1(between(rand, 150, 260))}" ry="28" fill="url(#water)" opacity="0.9"/>` +
        `<path d="${ridge(rand, floorY + 130, 30, 7)}" fill="${c.ground}"/>` +
        acacia(between(rand, 80, 300), floorY + 170, 170, c.silhouette) +
        elephant(between(rand, 700, 950), floorY + 150, 120, c.silhouette) +
        grass(rand, floorY + 120, 70, c.near)
      );
    }
    case 'mountain':
    case 'volcano': {
      const peakX = between(rand, 450, 750);
      const peakY = scene === 'mountain' ? between(rand, 150, 200) : between(rand, 200, 250);
      const half = scene === 'mountain' ? between(rand, 520, 640) : between(rand, 300, 380);
      const top = scene === 'mountain' ? between(rand, 80, 130) : 18;
      const mountain = `M${r1(peakX - half)} ${r1(horizon)}L${r1(peakX - top)} ${r1(peakY)}Q${r1(peakX)} ${r1(peakY - 12)} ${r1(peakX + top)} ${r1(peakY)}L${r1(peakX + half)} ${r1(horizon)}Z`;
      const capDepth = scene === 'mountain' ? 80 : 50;
      const capHalf = top + capDepth * (half - top) / (horizon - peakY);
      const cap =
        scene === 'mountain'
          ? `<path d="M${r1(peakX - top)} ${r1(peakY)}Q${r1(peakX)} ${r1(peakY - 12)} ${r1(peakX + top)} ${r1(peakY)}L${r1(peakX + capHalf)} ${r1(peakY + capDepth)}l-40 -22l-30 30l-36 -26l-34 24l-30 -28l-40 26l-30 -20L${r1(peakX - capHalf)} ${r1(peakY + capDepth)}Z" fill="#f8f8f4"/>`
          : `<path d="M${r1(peakX - top)} ${r1(peakY)}L${r1(peakX - capHalf)} ${r1(peakY + capDepth)}l30 -10l25 20l30 -14l30 12l25 -16L${r1(peakX + capHalf)} ${r1(peakY + capDepth)}L${r1(peakX + top)} ${r1(peakY)}Z" fill="#efe9dc" opacity="0.9"/>` +
            `<path d="M${r1(peakX)} ${r1(peakY - 10)}q-30 -40 10 -80q40 -30 20 -70" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.35"/>`;
      let trees = '';
      for (let i = 0; i < 4; i++) {
        trees += acacia(between(rand, 40, 1160), horizon + between(rand, 80, 150), between(rand, 110, 170), c.silhouette);
      }
      return (
        `<path d="${mountain}" fill="${c.far}"/>` +
        cap +
        `<path d="${ridge(rand, horizon + 10, 50, 7)}" fill="${c.mid}"/>` +
        `<path d="${ridge(rand, horizon + 90, 25, 9)}" fill="${c.ground}"/>` +
        trees +
        grass(rand, horizon + 100, 70, c.near)
      );
    }
    case 'shore': {
      const sea = horizon - 40;
      let sails = '';
      for (let i = 0; i < 1 + Math.floor(rand() * 2); i++) {
        const x = between(rand, 200, 1000);
        const y = sea + between(rand, 20, 70);
        const s = between(rand, 50, 90);
        sails += `<g fill="${c.silhouette}"><path d="M${r1(x - s)} ${r1(y)}q${r1(s)} ${r1(s * 0.3)} ${r1(s * 2)} 0l${r1(-s * 0.3)} ${r1(s * 0.25)}h${r1(-s * 1.4)}z"/><path d="M${r1(x)} ${r1(y)}L${r1(x + s * 0.1)} ${r1(y - s * 1.5)}Q${r1(x + s * 1.1)} ${r1(y - s * 0.6)} ${r1(x + s * 0.9)} ${r1(y - s * 0.1)}Z" opacity="0.92"/></g>`;
      }
      let waves = '';
      for (let i = 0; i < 7; i++) {
        const y = sea + 30 + i * 28;
        waves += `M${r1(between(rand, 0, 500))} ${y}h${r1(between(rand, 60, 220))}M${r1(between(rand, 600, 1100))} ${y + 10}h${r1(between(rand, 60, 200))}`;
      }
      const beach = `M0 ${H}L0 ${r1(sea + 230)}Q400 ${r1(sea + 170)} 700 ${r1(sea + 215)}T1200 ${r1(sea + 185)}L1200 ${H}Z`;
      return (
        `<rect x="0" y="${r1(sea)}" width="${W}" height="${r1(H - sea)}" fill="url(#water)"/>` +
        `<path d="${waves}" stroke="#ffffff" stroke-width="3" stroke-linecap="round" opacity="0.35"/>` +
        sails +
        `<path d="${beach}" fill="#f0dcb0"/>` +
        `<path d="${beach}" fill="${c.ground}" opacity="0.25"/>` +
        palm(between(rand, 60, 220), H - 30, between(rand, 330, 420), 1, c.silhouette) +
        palm(between(rand, 980, 1140), H - 10, between(rand, 280, 360), -1, c.silhouette)
      );
    }
    case 'forest': {
      let layers = '';
      const tones = [c.far, c.mid, c.near, c.silhouette];
      tones.forEach((tone, layer) => {
        const baseY = horizon - 120 + layer * 90;
        layers += `<path d="${ridge(rand, baseY + 60, 30, 8)}" fill="${tone}"/>`;
        for (let i = 0; i < 9; i++) {
          layers += canopyTree(between(rand, -30, 1230), baseY + between(rand, 40, 90), between(rand, 130, 220) + layer * 30, tone);
        }
      });
      return layers;
    }
    case 'lake':
    case 'river': {
      const shoreY = horizon - 10;
      const water =
        scene === 'lake'
          ? `<rect x="0" y="${r1(shoreY)}" width="${W}" height="${r1(H - shoreY)}" fill="url(#water)"/>`
          : `<path d="M${r1(between(rand, 400, 700))} ${r1(shoreY)}C${r1(between(rand, 200, 400))} ${r1(shoreY + 100)} ${r1(between(rand, 800, 1000))} ${r1(shoreY + 180)} ${r1(between(rand, 300, 500))} ${H}H${r1(between(rand, 900, 1100))}C${r1(between(rand, 1100, 1200))} ${r1(shoreY + 180)} ${r1(between(rand, 600, 800))} ${r1(shoreY + 100)} ${r1(between(rand, 720, 820))} ${r1(shoreY)}Z" fill="url(#water)"/>`;
      let flock = '';
      if (scene === 'lake') {
        const count = 8 + Math.floor(rand() * 10);
        for (let i = 0; i < count; i++) {
          const y = shoreY + between(rand, 70, 200);
          flock += flamingo(between(rand, 100, 1100), y, between(rand, 40, 70) * (y / 600), '#e98a9b');
        }
      }
      const banks =
        scene === 'lake'
          ? `<path d="M0 ${H}L0 ${r1(H - 60)}Q300 ${r1(H - 100)} 600 ${r1(H - 70)}T1200 ${r1(H - 80)}L1200 ${H}Z" fill="${c.ground}"/>`
          : `<path d="M0 ${H}V${r1(shoreY + 40)}Q200 ${r1(shoreY + 20)} 380 ${r1(shoreY + 120)}L260 ${H}Z" fill="${c.ground}"/><path d="M${W} ${H}V${r1(shoreY + 60)}Q1000 ${r1(shoreY + 40)} 900 ${r1(shoreY + 160)}L1000 ${H}Z" fill="${c.ground}"/>`;
      const trees =
        scene === 'river'
          ? palm(between(rand, 60, 200), H - 40, 320, 1, c.silhouette) + acacia(between(rand, 950, 1120), H - 60, 220, c.silhouette)
          : acacia(between(rand, 900, 1150), H - 50, 200, c.silhouette);
      return (
        `<path d="${ridge(rand, shoreY, 70, 6)}" fill="${c.far}"/>` +
        `<path d="${ridge(rand, shoreY + 10, 25, 9)}" fill="${c.mid}"/>` +
        water +
        `<path d="M0 ${r1(shoreY + 60)}h${W}M0 ${r1(shoreY + 120)}h${W}" stroke="#ffffff" stroke-width="2" opacity="0.15"/>` +
        banks +
        flock +
        trees
      );
    }
  }
}

export interface LandscapeOptions {
  scene: Scene;
  /** Any string; the same seed draws the same picture. */
  seed: string;
  palette?: Palette;
  /** Short text for screen readers, kept in the SVG's <title>. */
  title?: string;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);
}

/** A 1200x800 landscape: sky, sun, distant hills and the scene's own subject in the foreground. */
export function landscapeSvg(options: LandscapeOptions): string {
  const rand = randomFrom(`${options.scene}:${options.seed}`);
  const palette = options.palette ?? palettes[Math.floor(rand() * palettes.length)];
  const c = colors[palette];
  const sunX = between(rand, 180, 1020);
  const sunY = palette === 'morning' ? between(rand, 110, 200) : between(rand, 230, 380);
  const sunR = between(rand, 38, 70);
  const title = options.title ? `<title>${escapeXml(options.title)}</title>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" preserveAspectRatio="xMidYMid slice">${title}` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.sky[0]}"/><stop offset="0.55" stop-color="${c.sky[1]}"/><stop offset="1" stop-color="${c.sky[2]}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="${c.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${c.sun}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.water[0]}"/><stop offset="1" stop-color="${c.water[1]}"/></linearGradient>` +
    `<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.sky[2]}" stop-opacity="0"/><stop offset="1" stop-color="${c.sky[2]}" stop-opacity="0.35"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
    `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(sunR * 3.2)}" fill="url(#glow)"/>` +
    `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(sunR)}" fill="${c.sun}"/>` +
    clouds(rand, 2 + Math.floor(rand() * 3)) +
    `<path d="${ridge(rand, 470, 90, 5)}" fill="${c.far}" opacity="0.55"/>` +
    `<rect y="300" width="${W}" height="300" fill="url(#haze)"/>` +
    sceneBody(options.scene, rand, c) +
    birds(rand, 3 + Math.floor(rand() * 5), c.silhouette) +
    `</svg>`
  );
}

/** A monogram for team members and reviewers without a photo: initials in a low sun over a hill. */
export function portraitSvg(name: string, seed = name): string {
  const rand = randomFrom(`portrait:${seed}`);
  const tones = ['#e39f48', '#2f5d50', '#c8553d', '#3b2a20', '#5b6c9c', '#8a5a2b'];
  const bg = tones[Math.floor(rand() * tones.length)];
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><title>${escapeXml(name)}</title>` +
    `<rect width="400" height="400" fill="${bg}"/><circle cx="200" cy="190" r="124" fill="#ffffff" opacity="0.14"/>` +
    `<path d="M0 336q100-44 200-22t200-10v96H0z" fill="#000000" opacity="0.16"/>` +
    `<text x="200" y="229" text-anchor="middle" font-family="Domine, Georgia, serif" font-size="108" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text></svg>`
  );
}

/** The Kilele Safaris mark: a snow-capped peak over a rising sun ("kilele" is Swahili for summit). */
export function logoSvg(variant: 'dark' | 'light'): string {
  const ink = variant === 'dark' ? '#222831' : '#E2DFD0';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 96" width="360" height="96"><title>Kilele Safaris</title>` +
    `<circle cx="48" cy="52" r="26" fill="#e39f48"/>` +
    `<path d="M6 84L40 30l10 12 12-22 28 64z" fill="${ink}"/><path d="M40 30l-7 11 7-3 5 5 5-1zM62 20l-6 11 6-2 5 4 3-2z" fill="#ffffff"/>` +
    `<text x="104" y="56" font-family="Domine, Georgia, serif" font-size="36" font-weight="700" fill="${ink}">Kilele</text>` +
    `<text x="106" y="82" font-family="DM Sans, Arial, sans-serif" font-size="16" letter-spacing="6" fill="#e39f48">SAFARIS</text></svg>`
  );
}

export function faviconSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="14" fill="#222831"/>` +
    `<circle cx="32" cy="30" r="14" fill="#e39f48"/><path d="M6 54L26 22l6 8 8-14 18 38z" fill="#E2DFD0"/></svg>`
  );
}

/**
 * A partner's wordmark: an emblem over its name, in the 2:1 box the partner row shows it in, so the
 * name reads at the size of the text around it.
 */
export function wordmarkSvg(name: string, seed = name): string {
  const rand = randomFrom(`wordmark:${seed}`);
  const ink = ['#222831', '#2f5d50', '#3b2a20', '#5b4a6b'][Math.floor(rand() * 4)];
  const shape =
    rand() < 0.5
      ? `<circle cx="120" cy="24" r="14" fill="none" stroke="${ink}" stroke-width="5"/>`
      : `<path d="M104 38l16-30 16 30z" fill="none" stroke="${ink}" stroke-width="5" stroke-linejoin="round"/>`;
  // Long names go on two balanced lines, in a smaller size when the longer line would overrun the
  // badge (a bold sans glyph is about 0.54 of the size wide).
  const lines = name.length > 16 ? balancedLines(name) : [name];
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(lines.length > 1 ? 23 : 30, Math.floor(232 / (longest * 0.54)));
  const firstBaseline = lines.length > 1 ? 76 : 88;
  const text = lines
    .map(
      (line, index) =>
        `<text x="120" y="${firstBaseline + index * (size + 4)}" text-anchor="middle" font-family="DM Sans, Arial, sans-serif" font-size="${size}" font-weight="700" fill="${ink}">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120" width="240" height="120"><title>${escapeXml(name)}</title>${shape}${text}</svg>`;
}

/** Splits a name at the space that makes its two lines most even. */
function balancedLines(name: string): string[] {
  const words = name.split(' ');
  let best = [name];
  let bestLongest = Infinity;
  for (let cut = 1; cut < words.length; cut += 1) {
    const pair = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const longest = Math.max(pair[0].length, pair[1].length);
    if (longest < bestLongest) [best, bestLongest] = [pair, longest];
  }
  return best;
}
