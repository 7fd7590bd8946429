import { useMantineTheme } from '@mantine/core';
import { useEffect, useRef } from 'react';

/** How long a burst lasts; the canvas removes itself from view afterwards. */
export const CONFETTI_MS = 3500;
const PIECES = 160;

interface Piece {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
  spin: number;
  angle: number;
  color: string;
}

/**
 * A one-off burst of confetti over the page (the booking thank-you page), drawn on a canvas in the
 * brand's colors. Decorative: hidden from screen readers, never catches clicks, and not shown at
 * all to people who asked for reduced motion.
 */
export function Confetti({ durationMs = CONFETTI_MS }: { durationMs?: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const theme = useMantineTheme();
  // The branding's palettes (src/app/theme.ts); the primary color stands in for any a theme lacks.
  const palette = (['brand', 'secondary', 'accent', 'sand'] as const).map((name) => (theme.colors[name] ?? theme.colors[theme.primaryColor])[name === 'sand' ? 2 : 5]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || matchMedia('(prefers-reduced-motion: reduce)').matches) return;

    const ratio = window.devicePixelRatio || 1;
    const width = window.innerWidth;
    const height = window.innerHeight;
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    context.scale(ratio, ratio);

    // Two cannons at the lower corners, aimed up and inwards.
    const pieces: Piece[] = Array.from({ length: PIECES }, (_, index) => {
      const fromLeft = index % 2 === 0;
      const angle = (fromLeft ? -60 : -120) * (Math.PI / 180) + (Math.random() - 0.5) * 0.7;
      const speed = 9 + Math.random() * 9;
      return {
        x: fromLeft ? 0 : width,
        y: height * 0.9,
        vx: Math.cos(angle) * speed,
        vy: Math.sin(angle) * speed,
        size: 6 + Math.random() * 6,
        spin: (Math.random() - 0.5) * 0.3,
        angle: Math.random() * Math.PI,
        color: palette[index % palette.length],
      };
    });

    const started = performance.now();
    let frame = requestAnimationFrame(function draw(now) {
      const elapsed = now - started;
      context.clearRect(0, 0, width, height);
      context.globalAlpha = Math.max(0, 1 - Math.max(0, elapsed - durationMs * 0.7) / (durationMs * 0.3));
      for (const piece of pieces) {
        piece.vy += 0.25;
        piece.vx *= 0.99;
        piece.x += piece.vx;
        piece.y += piece.vy;
        piece.angle += piece.spin;
        context.save();
        context.translate(piece.x, piece.y);
        context.rotate(piece.angle);
        context.fillStyle = piece.color;
        context.fillRect(-piece.size / 2, -piece.size / 4, piece.size, piece.size / 2);
        context.restore();
      }
      if (elapsed < durationMs) frame = requestAnimationFrame(draw);
      else context.clearRect(0, 0, width, height);
    });
    return () => cancelAnimationFrame(frame);
    // One burst per mount: a branding change mid-flight does not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- intentionally partial, see above
  }, [durationMs]);

  return (
    <canvas
      ref={canvasRef}
      aria-hidden
      data-testid="confetti"
      style={{ position: 'fixed', inset: 0, width: '100vw', height: '100vh', pointerEvents: 'none', zIndex: 1000 }}
    />
  );
}
