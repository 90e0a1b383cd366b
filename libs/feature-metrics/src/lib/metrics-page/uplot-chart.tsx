import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface UplotChartProps {
  days: string[];
  series: Array<{ label: string; values: number[]; color: string }>;
  height?: number;
}

const axisFont = '12px system-ui, sans-serif';

/**
 * A daily line chart drawn by uPlot (canvas; about 50 KB, loaded only with the dashboard). It
 * follows its container's width. Decorative to assistive technology: the card around it names
 * it and offers the same numbers as a table.
 */
export default function UplotChart({ days, series, height = 180 }: UplotChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const xs = days.map((day) => Date.parse(`${day}T12:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height,
        // The card shows each series' name and colour above the chart.
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
        axes: [
          { stroke: '#5f5a6b', font: axisFont, grid: { show: false }, ticks: { stroke: '#e4dfeb' } },
          { stroke: '#5f5a6b', font: axisFont, size: 44, grid: { stroke: '#efeaf4' }, ticks: { show: false } },
        ],
        series: [
          { value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) },
          ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, fill: `${s.color}1f`, points: { show: days.length <= 14 } })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, element.clientWidth), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, height]);

  return <div ref={box} className="vox-metrics__uplot" />;
}
