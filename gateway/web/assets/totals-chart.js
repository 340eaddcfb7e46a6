// The chart of the totals per top-level group (chart.js, bundled by the gateway as `window.Chart`), with a
// table of the same values for screen readers and print.
import { h } from './dom.js';
import { t } from './i18n.js';

let chart;

/** A figure with the bar chart and its table; `format` writes an amount. */
export function renderTotalsChart(bars, format) {
  chart?.destroy();
  chart = undefined;
  if (bars.length === 0) return h('div');
  const canvas = h('canvas', { id: 'totals-chart', role: 'img', 'aria-label': t('chartLabel') });
  const figure = h('figure', { class: 'chart' },
    h('figcaption', { text: t('chartTitle') }),
    h('div', { class: 'chart-box' }, canvas),
    h('table', { class: 'chart-table' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('group') }), h('th', { scope: 'col', text: t('colTotal') }))),
      h('tbody', {}, bars.map((b) => h('tr', {}, h('th', { scope: 'row', text: b.label }), h('td', { text: format(b.total) }))))));
  const height = Math.max(160, bars.length * 28 + 40);
  if (globalThis.Chart) {
    // The box's height follows the number of bars; set through the CSSOM (allowed by the CSP, unlike a style attribute).
    figure.querySelector('.chart-box').style.height = `${height}px`;
    chart = new globalThis.Chart(canvas, {
      type: 'bar',
      data: { labels: bars.map((b) => b.label.length > 40 ? `${b.label.slice(0, 39)}…` : b.label), datasets: [{ label: t('colTotal'), data: bars.map((b) => b.total), backgroundColor: '#1f5fa8' }] },
      options: {
        indexAxis: 'y', animation: false, responsive: true, maintainAspectRatio: false,
        plugins: { legend: { display: false }, tooltip: { callbacks: { label: (ctx) => format(ctx.parsed.x) } } },
        scales: { x: { ticks: { callback: (value) => format(value) } } },
      },
    });
  }
  return figure;
}
