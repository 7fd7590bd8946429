/**
 * The Core Web Vitals measured with the browser's own PerformanceObserver (no library): LCP, CLS,
 * INP and FID, and TTFB. Each is reported once per page load: TTFB and FID as soon as known, the
 * others when the page is first hidden, since they can still grow until then.
 */
export type VitalName = 'LCP' | 'CLS' | 'INP' | 'FID' | 'TTFB';
export type VitalReporter = (metric: VitalName, value: number, context: Record<string, unknown>) => void;

// Good / poor boundaries published with the metrics (web.dev).
const THRESHOLDS: Record<VitalName, [number, number]> = {
  LCP: [2500, 4000],
  CLS: [0.1, 0.25],
  INP: [200, 500],
  FID: [100, 300],
  TTFB: [800, 1800],
};

export function vitalRating(metric: VitalName, value: number): 'good' | 'needs-improvement' | 'poor' {
  const [good, poor] = THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** INP: the worst interaction, ignoring one outlier per 50 interactions (as the metric is defined). */
export function interactionToNextPaint(durations: number[]): number | undefined {
  if (durations.length === 0) return undefined;
  const worstFirst = [...durations].sort((a, b) => b - a);
  return worstFirst[Math.min(Math.floor(durations.length / 50), worstFirst.length - 1)];
}

/** CLS: the largest burst of layout shifts (a session window: gaps under 1 s, at most 5 s long). */
export function cumulativeLayoutShift(shifts: { startTime: number; value: number }[]): number {
  let worst = 0;
  let windowValue = 0;
  let windowStart = 0;
  let previous = -Infinity;
  for (const shift of shifts) {
    if (shift.startTime - previous > 1000 || shift.startTime - windowStart > 5000) {
      windowValue = 0;
      windowStart = shift.startTime;
    }
    windowValue += shift.value;
    previous = shift.startTime;
    worst = Math.max(worst, windowValue);
  }
  return worst;
}

function observe(type: string, onEntries: (entries: PerformanceEntry[]) => void, options: Record<string, unknown> = {}): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return;
  new PerformanceObserver((list) => onEntries(list.getEntries())).observe({ type, buffered: true, ...options } as PerformanceObserverInit);
}

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}
interface EventTiming extends PerformanceEntry {
  interactionId?: number;
  processingStart: number;
}

/** Starts measuring; `report` gets each vital once. Does nothing where PerformanceObserver is missing. */
export function measureWebVitals(report: VitalReporter): void {
  if (typeof PerformanceObserver === 'undefined' || typeof document === 'undefined') return;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const context = (metric: VitalName, value: number) => ({ rating: vitalRating(metric, value), navigationType: navigation?.type ?? null });
  const send = (metric: VitalName, value: number) => report(metric, Math.round(value * 1000) / 1000, context(metric, value));

  if (navigation && navigation.responseStart > 0) {
    const activationStart = (navigation as PerformanceNavigationTiming & { activationStart?: number }).activationStart ?? 0;
    send('TTFB', Math.max(navigation.responseStart - activationStart, 0));
  }

  let lcp: number | undefined;
  observe('largest-contentful-paint', (entries) => {
    lcp = entries.at(-1)?.startTime ?? lcp;
  });

  const shifts: { startTime: number; value: number }[] = [];
  observe('layout-shift', (entries) => {
    for (const entry of entries as LayoutShift[]) if (!entry.hadRecentInput) shifts.push({ startTime: entry.startTime, value: entry.value });
  });

  observe('first-input', (entries) => {
    const first = entries[0] as EventTiming | undefined;
    if (first) send('FID', first.processingStart - first.startTime);
  });

  // The longest event of each interaction is that interaction's latency.
  const interactions = new Map<number, number>();
  observe(
    'event',
    (entries) => {
      for (const entry of entries as EventTiming[]) {
        if (!entry.interactionId) continue;
        interactions.set(entry.interactionId, Math.max(interactions.get(entry.interactionId) ?? 0, entry.duration));
      }
    },
    { durationThreshold: 40 },
  );

  let reported = false;
  const reportFinal = () => {
    if (reported) return;
    reported = true;
    if (lcp !== undefined) send('LCP', lcp);
    send('CLS', cumulativeLayoutShift(shifts));
    const inp = interactionToNextPaint([...interactions.values()]);
    if (inp !== undefined) send('INP', inp);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reportFinal();
  });
  window.addEventListener('pagehide', reportFinal);
}
